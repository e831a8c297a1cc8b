import { z } from "zod";

/** The spec's provider types, as they appear in `/auth/{provider}` on the API and in the web app. */
export const signInProviderIds = ["google_oauth2", "microsoft_graph_auth"] as const;
export const signInProviderId = z.enum(signInProviderIds);
export type SignInProviderId = z.infer<typeof signInProviderId>;

const queryText = z.string().max(2048);

/** `GET /auth/{provider}?option=signin&origin=…`: where the finished sign-in goes back to. */
export const providerSignInQuery = z.object({ option: z.literal("signin"), origin: queryText });

/** What the provider sends back to `/auth/{provider}/callback` (RFC 6749 §4.1.2). */
export const providerCallbackQuery = z.object({
  code: queryText.optional(),
  state: queryText.optional(),
  error: queryText.optional(),
  error_description: queryText.optional(),
  // Providers add their own (`scope`, `authuser`, `prompt`, `session_state`, `iss`): left aside.
});

/**
 * Why a provider sign-in came back to `/sign_in?error=…` without a session. The server sends the
 * code alone, so that nobody can make the sign-in page show words of their choosing.
 */
export const providerSignInErrors = {
  not_configured: "Sign-in with this provider is not configured on this server.",
  email_unverified:
    "Your account with this provider has no verified email address, so it cannot sign you in. Verify your email with the provider, or sign in with your password.",
  email_missing: "The provider did not share your email address, so it cannot sign you in.",
  denied: "The sign-in was cancelled at the provider.",
  expired: "The sign-in took too long or was already used. Please try again.",
  failed: "The sign-in with this provider failed. Please try again.",
} as const;
export const providerSignInError = z.enum([
  "not_configured",
  "email_unverified",
  "email_missing",
  "denied",
  "expired",
  "failed",
]);
export type ProviderSignInError = z.infer<typeof providerSignInError>;

/** The plain words for an `error` the sign-in page was sent back with; an unknown code reads as a failure. */
export function providerSignInErrorMessage(code: string | null): string | null {
  if (code === null) return null;
  return providerSignInErrors[providerSignInError.catch("failed").parse(code)];
}

/** `GET /auth/providers`: which providers this server can sign in with (public: the sign-in page asks). */
export const signInProvidersDocument = z.object({
  data: z.array(
    z.object({
      type: z.literal("sign_in_provider"),
      id: signInProviderId,
      attributes: z.object({ configured: z.boolean() }),
    }),
  ),
});
export type SignInProvidersDocument = z.infer<typeof signInProvidersDocument>;
