// A browser's sync socket as route tests drive it: says hello, keeps every message, waits for one.
import { type ServerMessage, SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/messages.ts";
import { expect } from "vitest";
import type { SignedIn } from "./test-app.ts";

export interface SyncClient {
  messages: ServerMessage[];
  closed: Promise<{ code: number }>;
  socket: WebSocket;
  until(predicate: (message: ServerMessage) => boolean): Promise<ServerMessage>;
}

export function connectSync(
  syncUrl: string,
  user: SignedIn,
  hello: { cursor?: number; scopes?: string[] } = {},
  origin?: string,
): SyncClient {
  const socket = new WebSocket(syncUrl, origin ? { headers: { origin } } : undefined);
  const messages: ServerMessage[] = [];
  socket.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data)) as ServerMessage));
  socket.addEventListener("open", () =>
    socket.send(
      JSON.stringify({
        type: "hello",
        version: SYNC_PROTOCOL_VERSION,
        credentials: {
          "access-token": user.headers["access-token"],
          client: user.headers.client,
          uid: user.headers.uid,
        },
        cursor: hello.cursor ?? 0,
        scopes: hello.scopes ?? [],
      }),
    ),
  );
  const closed = new Promise<{ code: number }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code })),
  );
  return {
    messages,
    closed,
    socket,
    async until(predicate) {
      await expect.poll(() => messages.some(predicate), { timeout: 5000, interval: 10 }).toBe(true);
      const found = messages.find(predicate);
      if (!found) throw new Error("no such message");
      return found;
    },
  };
}

export interface ReceivedRow {
  scope: string;
  entity: string;
  id: string;
  data: Record<string, unknown> | null;
}

/** Every row the messages carry, with its scope; a snapshot's `same` row has `data: null` here. */
export const rowsOf = (messages: ServerMessage[]): ReceivedRow[] =>
  messages.flatMap((m) =>
    m.type === "changes"
      ? m.rows.map((r) => ({ scope: r.scope, entity: r.entity, id: r.id, data: r.data }))
      : m.type === "snapshot"
        ? m.rows.map((r) => ({ scope: m.scope, entity: r.entity, id: r.id, data: "data" in r ? r.data : null }))
        : [],
  );
