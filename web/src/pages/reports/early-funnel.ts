import { type Credentials, sessionHeaders } from "@hirestream/contracts/accounts/session-credentials.ts";
import { API_BASE } from "../../api/api-base.ts";
import { screenQueries } from "../../replica/screen-queries.ts";

// The Reports page's first request, sent by the page's first module (entry.ts) when it opens on
// the Reports: the server counts the stage funnel while the app's code loads and the replica opens,
// rather than after the page's first render. Kept small: nothing of the app's code is in yet.

const REPORTS_PATH = /^\/workspaces\/([^/]+)\/reports$/;

/** A stage funnel asked for before the page's code was in: for which workspace, with which session. */
export interface SentFunnel {
  workspaceId: string;
  credentials: Credentials;
  response: Promise<Response>;
}

let sent: SentFunnel | null = null;

/** The workspace whose Reports `path` opens, or null for any other page. */
export function reportsWorkspaceOf(path: string): string | null {
  return REPORTS_PATH.exec(path)?.[1] ?? null;
}

/** The request the page makes for the whole log's stage funnel alone (use-reports.ts). */
export function funnelUrl(workspaceId: string): string {
  return `${API_BASE}/workspaces/${workspaceId}/reports?figures=stage_funnel`;
}

/**
 * Asks for the whole log's stage funnel when `path` is a workspace's Reports and there is a
 * session; the replica's first sync makes way until it is answered, as for the page's own requests.
 */
export function sendEarlyFunnel(path: string, credentials: Credentials | null, send: typeof fetch): void {
  const workspaceId = reportsWorkspaceOf(path);
  if (workspaceId === null || credentials === null) return;
  const release = screenQueries.begin();
  const response = send(funnelUrl(workspaceId), {
    headers: { accept: "application/vnd.api+json, application/json", ...sessionHeaders(credentials) },
    credentials: "same-origin",
  });
  response.then(release, release);
  sent = { workspaceId, credentials, response };
}

/**
 * The stage funnel sent early for this workspace, to the first asker only: a later load of the
 * page (another filter, a new attempt) asks anew. Null when none was sent for it.
 */
export function takeEarlyFunnel(workspaceId: string): SentFunnel | null {
  const taken = sent;
  sent = null;
  return taken?.workspaceId === workspaceId ? taken : null;
}
