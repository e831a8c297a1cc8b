import type { Hello } from "@hirestream/contracts/sync/messages.ts";

// What the sync client speaks through: the WebSocket it uses, the session it says hello with,
// the close codes both ends give, and the statuses a page shows of it (sync-client.ts).

/** `refused`: the server answers but will not sync with a page from this address (close 4403). */
export type SyncStatus = "connecting" | "live" | "offline" | "refused";

/** The session as the hello carries it (never in the URL, which ends up in logs). */
export interface SyncCredentials {
  "access-token": string;
  client: string;
  uid: string;
}

/** What the client uses of a WebSocket; the browser's own fits. */
export interface SyncSocket {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** A socket opened before the client started (web/src/early-sync/), which its first connection takes. */
export interface StartedSocket extends SyncSocket {
  /** The hello it already said for a fresh replica, if it did: the client then says none. */
  readonly greeted: Hello | null;
  /** From now on its events go to the handlers set on it, those that came before it was taken first. */
  attach(): void;
}

export class SyncServerError extends Error {
  readonly code: string;
  constructor(code: string, detail: string) {
    super(detail);
    this.name = "SyncServerError";
    this.code = code;
  }
}

/** The server's close code for an ended session (sync.routes.ts, sync-connection.ts). */
export const SESSION_ENDED = 4401;
/** The server's close code for a page from an origin it does not accept (sync.routes.ts). */
export const ORIGIN_REFUSED = 4403;
/** The client's close code for a message the replica could not apply. */
export const UNREADABLE = 4000;
