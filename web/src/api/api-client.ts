import { type Credentials, sessionHeaders } from "@hirestream/contracts/accounts/session-credentials.ts";
import { navigate } from "wouter/use-browser-location";
import { newId } from "../ids/new-id.ts";
import { API_BASE } from "./api-base.ts";
import { apiErrorFrom, networkError } from "./api-errors.ts";
import { clearLocalStorage, readCredentials, saveCredentials } from "./session-credentials.ts";

export { API_BASE, sessionHeaders };
/** sessionStorage key telling /sign_in to say 'Session expired.' once. */
export const SESSION_EXPIRED_FLAG = "session_expired";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | readonly (string | number)[];

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own media type (a raw mail message), instead of `body`. */
  rawBody?: { contentType: string; content: string };
  /** Arrays are sent Rails style: `by_status[]=a&by_status[]=b`. */
  query?: Readonly<Record<string, QueryValue | undefined>>;
  /** Sign-in, sign-up and the password calls carry no session (API.md, Conventions). */
  anonymous?: boolean;
  /** Whether session headers in the answer are kept (default true). */
  adoptSession?: boolean;
  /** Idempotency-Key of a write; a fresh UUID when not given. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

const writes = new Set<HttpMethod>(["POST", "PUT", "PATCH", "DELETE"]);

/** `path` is relative to /api/v1, or an absolute path the API gave (JSON:API links). */
export function apiUrl(path: string, query: ApiRequestOptions["query"] = {}): string {
  const url = new URL(path.startsWith(API_BASE) ? path : `${API_BASE}${path}`, window.location.origin);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(`${name}[]`, String(item));
    else url.searchParams.set(name, String(value));
  }
  return `${url.pathname}${url.search}`;
}

/** Keeps the session values an answer carries. */
function adoptSessionHeaders(response: Response): void {
  const values: Partial<Credentials> = {};
  for (const key of ["access-token", "uid", "client", "expiry"] as const) {
    const value = response.headers.get(key);
    if (value) values[key] = value;
  }
  if (values["access-token"]) saveCredentials(values);
}

/**
 * The spec's 401 rule: clear local storage, flag the expiry for /sign_in (which says
 * 'Session expired.' once) and go there.
 */
export function expireSession(): void {
  clearLocalStorage();
  try {
    window.sessionStorage.setItem(SESSION_EXPIRED_FLAG, "1");
  } catch {
    // Without sessionStorage the notice is skipped; the user still lands on /sign_in.
  }
  navigate("/sign_in", { replace: true });
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls the API and answers the parsed JSON body (null when empty); throws ApiError on failure. */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const method = options.method ?? "GET";
  const credentials = options.anonymous ? null : readCredentials();
  const headers: Record<string, string> = {
    accept: "application/vnd.api+json, application/json",
    ...(credentials ? sessionHeaders(credentials) : {}),
  };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.rawBody !== undefined) headers["content-type"] = options.rawBody.contentType;
  if (writes.has(method)) headers["idempotency-key"] = options.idempotencyKey ?? newId();

  return answerOf(
    fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: options.rawBody?.content ?? (options.body === undefined ? null : JSON.stringify(options.body)),
      credentials: "same-origin",
      signal: options.signal ?? null,
    }),
    credentials,
    options.adoptSession !== false,
  );
}

/**
 * The answer to a request sent with `credentials` (null: none), as `apiRequest` answers it: the
 * parsed JSON body, or an ApiError. Apart, for a request the page sent before its code was in
 * (pages/reports/early-funnel.ts).
 */
export async function answerOf(
  sent: Promise<Response>,
  credentials: Credentials | null,
  adoptSession = true,
): Promise<unknown> {
  let response: Response;
  try {
    response = await sent;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw networkError();
  }

  // An answer to a session other than the current one (signed out meanwhile) changes nothing.
  const current = readCredentials();
  const sameSession = credentials === null || current?.client === credentials.client;
  if (response.status === 401 && credentials) {
    // 401 means the session is gone. Calls sent without one (a wrong password) are ordinary failures.
    if (sameSession && current?.["access-token"] === credentials["access-token"]) expireSession();
    throw apiErrorFrom(401, await bodyOf(response));
  }
  if (adoptSession && sameSession) adoptSessionHeaders(response);
  const body = await bodyOf(response);
  if (!response.ok) throw apiErrorFrom(response.status, body);
  return body;
}
