// The extension's calls to the Hirestream API, with the user's session; a failed fetch is a reply
// of its own (the network), never an exception.
import { sessionHeaders } from "@hirestream/contracts/accounts/session-credentials.ts";
import type { ProfileAttributes } from "@hirestream/contracts/people/from-profile.ts";
import { retryAfterMs } from "@hirestream/contracts/retry-after.ts";
import type { Reply } from "./add-answer.ts";
import { nextPageOf, withItemsOf } from "./list-pages.ts";
import type { StoredSession } from "./session.ts";

async function call(session: StoredSession, path: string, init: RequestInit = {}): Promise<Reply> {
  return fetchReply(session, new URL(`/api/v1${path}`, session.origin), init);
}

async function fetchReply(session: StoredSession, url: URL, init: RequestInit = {}): Promise<Reply> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: "application/vnd.api+json", ...sessionHeaders(session), ...init.headers },
    });
  } catch (error) {
    return { kind: "network", message: error instanceof Error ? error.message : String(error) };
  }
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const retryAfter = retryAfterMs(response.headers.get("retry-after"), Date.now());
  return {
    kind: "answer",
    status: response.status,
    body,
    retryAfterSeconds: retryAfter !== null && retryAfter > 0 ? retryAfter / 1000 : null,
  };
}

export function postFromProfile(
  session: StoredSession,
  idempotencyKey: string,
  attributes: ProfileAttributes,
): Promise<Reply> {
  return call(session, "/people/from_profile", {
    method: "POST",
    headers: { "content-type": "application/vnd.api+json", "idempotency-key": idempotencyKey },
    body: JSON.stringify({ data: { type: "people", attributes } }),
  });
}

/** Most pages of a list read for the picker: 2,000 workspaces or projects, far beyond a real account. */
const MAX_PAGES = 40;

/**
 * Every page of a list, as one answer holding all their items: a picker that showed only the
 * first page would hide the rest. Follows `links.next` (paths on the same server) only.
 */
async function callAllPages(session: StoredSession, path: string): Promise<Reply> {
  const first = await call(session, path);
  if (first.kind !== "answer" || first.status !== 200) return first;
  let body = first.body;
  let last = first.body;
  for (let page = 1; page < MAX_PAGES; page++) {
    const next = nextPageOf(last, session.origin);
    if (next === null) break;
    const more = await fetchReply(session, next);
    if (more.kind !== "answer" || more.status !== 200) return more;
    body = withItemsOf(body, more.body);
    last = more.body;
  }
  return { ...first, body };
}

export const readWorkspaces = (session: StoredSession) => callAllPages(session, "/workspaces?limit=50");
/** Archived projects are read-only: nobody can be added to them. */
export const readProjects = (session: StoredSession, workspaceId: string) =>
  callAllPages(
    session,
    `/workspaces/${encodeURIComponent(workspaceId)}/projects?limit=50&by_status[]=Active&by_status[]=Inactive`,
  );
/** A project's stages are those of its workflow (GET includes them). */
export const readWorkflow = (session: StoredSession, workspaceId: string, workflowId: string) =>
  call(session, `/workspaces/${encodeURIComponent(workspaceId)}/workflows/${encodeURIComponent(workflowId)}`);
