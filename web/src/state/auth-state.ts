// Auth UI state (spec §3 "auth": loading, inError, error, message, user, isUserLoaded) and its actions.
// The credentials themselves live in localStorage (api/session-credentials.ts), never here.

import type { Credentials } from "@hirestream/contracts/accounts/session-credentials.ts";
import { proxy } from "valtio";
import { navigate } from "wouter/use-browser-location";
import { ApiError, fullMessage, messagesOf } from "../api/api-errors.ts";
import {
  deleteSignOut,
  getValidateToken,
  postPasswordReset,
  postSignIn,
  postSignUp,
  putPassword,
  type User,
} from "../api/auth-api.ts";
import {
  clearCredentials,
  readCredentials,
  saveCredentials,
  subscribeCredentials,
} from "../api/session-credentials.ts";
import { AFTER_SIGN_IN_PATH, MOBILE_MEDIA_QUERY } from "../constants.ts";
import { hideToasts, showErrorToasts } from "../notifications/toasts.ts";
import { ui } from "./ui-state.ts";

export interface AuthState {
  loading: boolean;
  inError: boolean;
  error: string | null;
  message: string | null;
  user: User | null;
  isUserLoaded: boolean;
  /** Whether credentials are stored: decides which route table applies. */
  hasSession: boolean;
  /** Sign-out under way: the screens reading the replica are closed before it is deleted. */
  signingOut: boolean;
}

export const auth = proxy<AuthState>({
  loading: false,
  inError: false,
  error: null,
  message: null,
  user: null,
  isUserLoaded: false,
  hasSession: readCredentials() !== null,
  signingOut: false,
});

function start(): void {
  auth.loading = true;
  auth.inError = false;
  auth.error = null;
  auth.message = null;
}

function fail(error: string | null): void {
  auth.loading = false;
  auth.inError = true;
  auth.error = error;
}

function signedIn(user: User): void {
  auth.user = user;
  auth.isUserLoaded = true;
  auth.loading = false;
  auth.hasSession = true;
}

/** Sign-out, reset or an expired session: user and session are gone. */
function forgetUser(): void {
  auth.user = null;
  auth.isUserLoaded = false;
  auth.loading = false;
  auth.hasSession = false;
}

/** Clears a previous screen's error and message (pages call it when they open). */
export function clearAuthFeedback(): void {
  auth.inError = false;
  auth.error = null;
  auth.message = null;
}

/**
 * Followed from the moment this code runs, not from the first render's effects: the replica opens
 * before that render commits, and its socket can be refused then (the 401 rule). The routes must
 * learn the session is gone in the same step as the move to /sign_in, or the signed-in routes,
 * still mounted, send /sign_in away and 'Session expired.' is never shown.
 */
subscribeCredentials(() => {
  // The credentials vanished (401 rule, another tab): the user is forgotten.
  if (readCredentials() === null && auth.hasSession) forgetUser();
});

/** The toasts of failed sign-ins and sign-ups: a later success takes them away, as they no longer hold. */
let failureToasts: string[] = [];

function dismissFailureToasts(): void {
  hideToasts(failureToasts);
  failureToasts = [];
}

export async function signIn(email: string, password: string): Promise<void> {
  start();
  try {
    const user = await postSignIn(email.trim(), password);
    dismissFailureToasts();
    // Navigate first: the signed-in routes then render at the destination, not at /sign_in.
    navigate(AFTER_SIGN_IN_PATH);
    signedIn(user);
  } catch (error) {
    const list = messagesOf(error);
    fail(list[0] ?? null);
    failureToasts.push(...showErrorToasts(list));
  }
}

export async function signUp(email: string, password: string, passwordConfirmation: string): Promise<void> {
  start();
  try {
    const user = await postSignUp({
      email: email.trim(),
      password,
      passwordConfirmation,
      confirmSuccessUrl: `${window.location.origin}${AFTER_SIGN_IN_PATH}`,
    });
    dismissFailureToasts();
    navigate(window.matchMedia(MOBILE_MEDIA_QUERY).matches ? "/mobile_warning" : AFTER_SIGN_IN_PATH);
    signedIn(user);
  } catch (error) {
    // The spec: store the first error (or the error field); toast the first error's full message.
    const first = error instanceof ApiError ? (error.fullMessages[0] ?? error.messages[0]) : messagesOf(error)[0];
    fail(first ?? null);
    if (first) failureToasts.push(...showErrorToasts([first]));
  }
}

/**
 * Signing out deletes the replica and its outbox, so queued writes would be lost: with any
 * pending, the user is asked first (the warning in the signed-in layout).
 */
export async function requestSignOut(): Promise<void> {
  // Imported here, not above: the signed-out pages load no replica code (Dexie).
  const { activePendingWrites } = await import("../replica/replica-provider.tsx");
  const pending = await activePendingWrites();
  if (pending > 0) ui.signOutWarning = pending;
  else await signOut();
}

/**
 * Ends the session on the server, then always deletes this browser's copy of the user's data
 * (the replica holds candidates' personal data), clears the session and goes to /sign_in.
 */
export async function signOut(): Promise<void> {
  if (auth.signingOut) return;
  ui.signOutWarning = null;
  auth.loading = true;
  // Imported here, not above: the signed-out pages load no replica code (Dexie).
  const { deleteReplica, stopSyncInEveryTab } = await import("../replica/replica-provider.tsx");
  stopSyncInEveryTab();
  // Unmounts every screen reading the replica, which closes it, before it is deleted.
  auth.signingOut = true;
  try {
    await deleteSignOut();
  } catch (error) {
    showErrorToasts(messagesOf(error));
  }
  try {
    await deleteReplica();
  } catch (error) {
    console.error("replica could not be deleted", error);
  }
  clearCredentials();
  clearAuthFeedback();
  forgetUser();
  auth.signingOut = false;
  navigate("/sign_in", { replace: true });
}

/** Loads the user of stored credentials (app start, provider sign-in). A 401 runs the expiry rule. */
export async function validateToken(): Promise<void> {
  if (auth.loading) return;
  auth.loading = true;
  try {
    signedIn(await getValidateToken());
  } catch (error) {
    // Offline or a server fault keeps the session: the app can work from its replica.
    fail(messagesOf(error)[0] ?? null);
  }
}

/** Keeps the credentials a provider sign-in handed over in the URL. */
export function adoptProviderSession(credentials: Credentials): void {
  saveCredentials(credentials);
  auth.isUserLoaded = false;
  auth.user = null;
  auth.hasSession = true;
}

export async function requestPasswordReset(email: string): Promise<void> {
  start();
  try {
    auth.message = await postPasswordReset(email.trim(), `${window.location.origin}/update_password`);
    auth.loading = false;
  } catch (error) {
    const list = messagesOf(error);
    fail(list[0] ?? null);
    showErrorToasts(list);
  }
}

export async function updatePassword(password: string, resetPasswordToken: string): Promise<void> {
  start();
  try {
    const message = await putPassword(password, resetPasswordToken);
    auth.message = message || "Your password has been successfully updated.";
    auth.loading = false;
  } catch (error) {
    // The spec: the password error first, else the first error; shown under the field.
    const passwordError = error instanceof ApiError ? error.fieldErrors.password?.[0] : undefined;
    const list = messagesOf(error);
    fail(passwordError ? fullMessage("password", passwordError) : (list[0] ?? null));
    showErrorToasts(list);
  }
}
