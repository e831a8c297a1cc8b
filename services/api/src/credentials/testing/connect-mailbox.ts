import type { SignInProviderId } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { SignedIn } from "../../testing/test-app.ts";

export interface Connecting {
  app: FastifyInstance;
  /** The app's address, where the Integrations page is. */
  appUrl: string;
  /** Where the browser really goes for the provider's address (a local server standing in for it). */
  local?: (url: string) => string;
}

export interface Connected {
  start: LightMyRequestResponse;
  /** The provider's authorization request, as the browser was sent to it. */
  authorization: URL | null;
  /** Where the browser landed at the end: the Integrations page, with `error` when it failed. */
  landing: URL;
}

/**
 * The browser's part of connecting a mailbox from the Integrations page: start at the API (with the
 * session's headers, or a ticket), follow the provider's redirect over HTTP, come back with the cookie.
 */
export async function connectMailbox(
  connecting: Connecting,
  provider: SignInProviderId,
  who: { user?: SignedIn; ticket?: string },
  options: { workspaceId: string; credentialId?: string; origin?: string; redirectUri?: string },
): Promise<Connected> {
  const { app, appUrl, local = (url: string) => url } = connecting;
  const query = new URLSearchParams({
    option: "provider",
    origin: options.origin ?? `${appUrl}/workspaces/${options.workspaceId}/integrations`,
    redirect_uri: options.redirectUri ?? `${appUrl}/api/v1/auth/${provider}/callback`,
    ...(options.credentialId ? { credential_id: options.credentialId } : {}),
    ...(who.ticket ? { ticket: who.ticket } : {}),
  });
  const start = await app.inject({
    method: "GET",
    url: `/api/v1/auth/${provider}?${query.toString()}`,
    headers: who.user?.headers ?? {},
  });
  expect(start.statusCode, start.body).toBe(302);
  const location = new URL(String(start.headers.location));
  if (location.pathname.startsWith("/workspaces/") || location.pathname === "/sign_in") {
    return { start, authorization: null, landing: location };
  }
  const cookie = String(start.headers["set-cookie"] ?? "").split(";")[0] ?? "";
  const atProvider = await fetch(local(location.toString()), { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(`${appUrl}/api/v1/auth/${provider}/callback`);
  const end = await app.inject({ method: "GET", url: `${back.pathname}${back.search}`, headers: { cookie } });
  expect(end.statusCode, end.body).toBe(302);
  return { start, authorization: location, landing: new URL(String(end.headers.location)) };
}
