import type { ProviderSignInError, SignInProviderId } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { runUserCommand, signUp } from "../user-commands.ts";

/** The person an id token names, once its email is known to be theirs. */
export interface ProviderIdentity {
  provider: SignInProviderId;
  issuer: string;
  subject: string;
  email: string;
}

/** Personal Microsoft accounts (outlook.com, hotmail.com) sign in through this tenant; their addresses are verified. */
const MICROSOFT_PERSONAL_ACCOUNTS_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";

const idTokenClaims = z.object({
  iss: z.string(),
  sub: z.string(),
  email: z.string().optional(),
  // OpenID Connect's claim (Google); some providers send it as a string.
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  // Microsoft Entra ID: the email's domain is verified by the tenant that owns it.
  xms_edov: z.union([z.boolean(), z.literal("true"), z.literal("false"), z.literal(1), z.literal(0)]).optional(),
  tid: z.string().optional(),
});

/**
 * The identity an id token (already checked by the OpenID client: signature, issuer, audience,
 * nonce, expiry) names, or why it cannot sign anyone in. An email the provider does not vouch for
 * is refused: Microsoft's multi-tenant `email` claim in particular can be set by any tenant's
 * administrator, so it counts only with `xms_edov` or from the personal-accounts tenant.
 */
export function identityOf(
  provider: SignInProviderId,
  claims: unknown,
): { identity: ProviderIdentity } | { error: ProviderSignInError } {
  const parsed = idTokenClaims.safeParse(claims);
  if (!parsed.success) return { error: "failed" };
  const { iss, sub, email, email_verified, xms_edov, tid } = parsed.data;
  const address = email?.trim().toLowerCase() ?? "";
  if (!z.email().safeParse(address).success) return { error: "email_missing" };
  const verified =
    email_verified === true ||
    email_verified === "true" ||
    (provider === "microsoft_graph_auth" &&
      (xms_edov === true || xms_edov === "true" || xms_edov === 1 || tid === MICROSOFT_PERSONAL_ACCOUNTS_TENANT));
  if (!verified) return { error: "email_unverified" };
  return { identity: { provider, issuer: iss, subject: sub, email: address } };
}

/**
 * The account of the identity's email: the one that exists (a password account included: one
 * account per email, never two), or a new one made as sign-up makes it, without a password. The
 * provider account is linked to it once.
 */
export async function accountFor(deps: Deps, identity: ProviderIdentity, commandId: string) {
  const findUser = () =>
    deps.db.selectFrom("read.users").selectAll().where("email", "=", identity.email).executeTakeFirst();
  let user = await findUser();
  if (!user) {
    try {
      // No password: the hash matches none, so only the provider (or a password reset) opens it.
      const { position } = await signUp(deps, identity.email, "", scopedId(commandId, "sign-up"));
      await deps.readModels.waitFor(position, 5000);
    } catch (error) {
      // Someone signed up with this email a moment ago: that account is the one.
      if (!(error instanceof DomainError && error.code === "EMAIL_TAKEN")) throw error;
    }
    user = await findUser();
    if (!user) throw new DomainError("NOT_CAUGHT_UP");
  }
  const { provider, issuer, subject, email } = identity;
  await runUserCommand(
    deps,
    user.id,
    { type: "LinkProvider", data: { provider, issuer, subject, email } },
    scopedId(commandId, "link"),
    user.id,
  );
  return user;
}
