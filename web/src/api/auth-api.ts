// The /auth calls (devise_token_auth's shapes), each answering parsed data.
import { type UserRow, userRow } from "@hirestream/contracts/accounts/rows.ts";
import { type SignInProviderId, signInProvidersDocument } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import { apiRequest } from "./api-client.ts";
import { ApiError, isRecord } from "./api-errors.ts";

export type User = UserRow;

function unexpected(): ApiError {
  return new ApiError(200, ["The server answered in an unexpected shape."]);
}

function userOf(body: unknown): User {
  const parsed = userRow.safeParse(isRecord(body) ? body.data : undefined);
  if (!parsed.success) throw unexpected();
  return parsed.data;
}

function messageOf(body: unknown): string {
  return isRecord(body) && typeof body.message === "string" ? body.message : "";
}

export async function postSignIn(email: string, password: string): Promise<User> {
  return userOf(await apiRequest("/auth/sign_in", { method: "POST", anonymous: true, body: { email, password } }));
}

export async function postSignUp(input: {
  email: string;
  password: string;
  passwordConfirmation: string;
  confirmSuccessUrl: string;
}): Promise<User> {
  const body = {
    email: input.email,
    password: input.password,
    password_confirmation: input.passwordConfirmation,
    confirm_success_url: input.confirmSuccessUrl,
  };
  return userOf(await apiRequest("/auth", { method: "POST", anonymous: true, body }));
}

/** Which providers the server can sign in with; a provider it does not name counts as configured. */
export async function getSignInProviders(): Promise<Partial<Record<SignInProviderId, boolean>>> {
  const parsed = signInProvidersDocument.safeParse(await apiRequest("/auth/providers", { anonymous: true }));
  if (!parsed.success) throw unexpected();
  return Object.fromEntries(parsed.data.data.map((provider) => [provider.id, provider.attributes.configured]));
}

export async function deleteSignOut(): Promise<void> {
  await apiRequest("/auth/sign_out", { method: "DELETE", adoptSession: false });
}

export async function getValidateToken(): Promise<User> {
  return userOf(await apiRequest("/auth/validate_token"));
}

/** Asks for a reset link; answers the server's message (the same for unknown emails). */
export async function postPasswordReset(email: string, redirectUrl: string): Promise<string> {
  const body = { email, redirect_url: redirectUrl };
  return messageOf(await apiRequest("/auth/password", { method: "POST", anonymous: true, body }));
}

/**
 * Sets a new password with the emailed token; answers the server's message. The session the server
 * opens with it is not kept: after a reset the user signs in again.
 */
export async function putPassword(password: string, resetPasswordToken: string): Promise<string> {
  const body = { password, password_confirmation: password, reset_password_token: resetPasswordToken };
  const answer = await apiRequest("/auth/password", { method: "PUT", anonymous: true, adoptSession: false, body });
  return messageOf(answer);
}

/** A signed-in password change: proves the current password; the server ends the other sessions. */
export async function putPasswordChange(input: {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}): Promise<string> {
  const body = {
    current_password: input.currentPassword,
    password: input.password,
    password_confirmation: input.passwordConfirmation,
  };
  return messageOf(await apiRequest("/auth/password", { method: "PUT", body }));
}
