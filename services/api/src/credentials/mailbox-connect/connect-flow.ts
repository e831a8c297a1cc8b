import { randomBytes } from "node:crypto";
import type { SignInProviderId } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import {
  integrationsPath,
  type MailboxConnectError,
  providerConnectQuery,
} from "@hirestream/contracts/credentials/mailbox-connect.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import * as oidc from "openid-client";
import { z } from "zod";
import type { OidcClients } from "../../auth/provider-sign-in/oidc-clients.ts";
import { identityOf } from "../../auth/provider-sign-in/provider-accounts.ts";
import {
  SIGN_IN_REQUEST_LIFESPAN_MS,
  type SignInRequest,
  saveSignInRequest,
} from "../../auth/provider-sign-in/sign-in-requests.ts";
import type { Deps } from "../../deps.ts";
import { workspaceRoleOf } from "../../projects/project-commands.ts";
import { currentCredential } from "../credential-commands.ts";
import { keepConnectedMailbox } from "./connected-mailbox.ts";
import { exchangeMailboxCode, mailboxAuthorizationUrl, reasonOf } from "./mailbox-providers.ts";
import { takeProviderTicket } from "./provider-tickets.ts";

/** What connecting shares with the sign-in's redirects: the providers, the callback, the browser's cookie. */
export interface ProviderRedirects {
  clients: OidcClients;
  callbackPath(provider: SignInProviderId): string;
  redirectUri(provider: SignInProviderId): string;
  /** The origin when it is the app's own, else null. */
  trustedOrigin(request: FastifyRequest, origin: string): string | null;
  browserCookie(value: string, maxAgeSeconds: number): string;
}

const INTEGRATIONS_PAGE = /^\/workspaces\/([^/]+)\/integrations\/?$/;

/** The Integrations page `origin` names, on one of the app's own origins; null for any other address. */
function integrationsPage(redirects: ProviderRedirects, request: FastifyRequest, given: string) {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return null;
  }
  const origin = redirects.trustedOrigin(request, url.origin);
  const workspaceId = z.uuid().safeParse(INTEGRATIONS_PAGE.exec(url.pathname)?.[1]);
  if (!origin || !workspaceId.success) return null;
  return { workspaceId: workspaceId.data, url: `${origin}${integrationsPath(workspaceId.data)}` };
}

/** Back to the Integrations page, with the reason when it failed. */
const backTo = (reply: FastifyReply, page: string, error?: MailboxConnectError) =>
  reply.redirect(error ? `${page}?${new URLSearchParams({ error }).toString()}` : page, 302);

/**
 * `GET /auth/{provider}?option=provider&origin=…`: a manager of the workspace (signed in by the
 * session's headers, or by a ticket for a page load) is sent to the provider to grant access to
 * their mailbox. A Reconnect names the credential, whose mailbox the provider is hinted at.
 */
export async function startConnection(
  deps: Deps,
  redirects: ProviderRedirects,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: SignInProviderId,
): Promise<FastifyReply> {
  const appOrigin = new URL(deps.appUrl).origin;
  const query = providerConnectQuery.safeParse(request.query);
  const page = query.success ? integrationsPage(redirects, request, query.data.origin) : null;
  // Never back to an address that is not the app's own.
  if (!query.success || !page) return reply.redirect(`${appOrigin}/sign_in?error=failed`, 302);
  const { redirect_uri: redirectUri, ticket, credential_id: credentialId } = query.data;
  if (redirectUri !== undefined && !ownCallback(redirects, request, provider, redirectUri)) {
    return backTo(reply, page.url, "failed");
  }
  const now = deps.clock();
  const userId = request.session?.userId ?? (ticket ? await takeProviderTicket(deps.db, ticket, now) : null);
  if (!userId) return backTo(reply, page.url, "signed_out");
  const role = await workspaceRoleOf(deps, userId, page.workspaceId);
  if (role === undefined || !mayInWorkspace(role, "integrations.manage")) return backTo(reply, page.url, "forbidden");
  let loginHint: string | undefined;
  if (credentialId !== undefined) {
    const credential = await currentCredential(deps, credentialId);
    if (
      credential.status !== "active" ||
      credential.workspaceId !== page.workspaceId ||
      credential.providerType !== provider
    ) {
      return backTo(reply, page.url, "failed");
    }
    loginHint = credential.email;
  }
  const started: SignInRequest = {
    state: oidc.randomState(),
    browser: randomBytes(32).toString("base64url"),
    provider,
    origin: page.url,
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    connection: { userId, workspaceId: page.workspaceId, credentialId: credentialId ?? null },
  };
  let authorization: URL | null;
  try {
    authorization = await mailboxAuthorizationUrl(redirects.clients, provider, {
      ...started,
      redirectUri: redirects.redirectUri(provider),
      loginHint,
    });
  } catch (error) {
    request.log.warn({ provider, reason: reasonOf(error) }, "provider discovery failed");
    return backTo(reply, page.url, "failed");
  }
  if (!authorization) return backTo(reply, page.url, "not_configured");
  await saveSignInRequest(deps.db, started, now);
  reply.header("set-cookie", redirects.browserCookie(started.browser, SIGN_IN_REQUEST_LIFESPAN_MS / 1000));
  return reply.redirect(authorization.toString(), 302);
}

/** `redirect_uri` may only name this server's own callback for the provider. */
function ownCallback(redirects: ProviderRedirects, request: FastifyRequest, provider: SignInProviderId, given: string) {
  try {
    const url = new URL(given);
    return url.pathname === redirects.callbackPath(provider) && redirects.trustedOrigin(request, url.origin) !== null;
  } catch {
    return false;
  }
}

/**
 * The provider's answer to a connection: the code exchanged for the mailbox's grant, its verified
 * email taken as the credential's, and the browser sent back to the Integrations page.
 */
export async function finishConnection(
  deps: Deps,
  redirects: ProviderRedirects,
  request: FastifyRequest,
  reply: FastifyReply,
  started: Omit<SignInRequest, "browser"> & { connection: NonNullable<SignInRequest["connection"]> },
  answer: { code?: string | undefined; error?: string | undefined },
): Promise<FastifyReply> {
  const { provider, origin: page, connection } = started;
  if (answer.error) return backTo(reply, page, answer.error === "access_denied" ? "denied" : "failed");
  const callbackUrl = new URL(redirects.redirectUri(provider));
  callbackUrl.search = new URL(request.url, "http://localhost").search;
  const exchanged = await exchangeMailboxCode(
    redirects.clients,
    provider,
    { ...started, callbackUrl, code: answer.code ?? "", redirectUri: redirects.redirectUri(provider) },
    deps.clock(),
  );
  if ("error" in exchanged) {
    // The reason only: an error's cause may hold the provider's answer, tokens included.
    if (exchanged.reason) request.log.warn({ provider, reason: exchanged.reason }, "connecting a mailbox failed");
    return backTo(reply, page, exchanged.error);
  }
  const identity = identityOf(provider, exchanged.claims);
  if ("error" in identity) return backTo(reply, page, identity.error);
  try {
    const kept = await keepConnectedMailbox(
      deps,
      connection,
      { provider, email: identity.identity.email, grant: exchanged.grant },
      request.id,
    );
    if ("error" in kept) return backTo(reply, page, kept.error);
  } catch (error) {
    if (error instanceof DomainError && error.code === "FORBIDDEN") return backTo(reply, page, "forbidden");
    request.log.error({ provider, reason: reasonOf(error) }, "connecting a mailbox could not keep it");
    return backTo(reply, page, "failed");
  }
  return backTo(reply, page);
}
