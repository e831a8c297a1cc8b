// A browser's sync socket as route tests drive it: says hello, keeps every message, answers each
// snapshot part as applied (unless told to hold the answers back), waits for one.
import { type ServerMessage, SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/messages.ts";
import { expect } from "vitest";
import type { SignedIn } from "./test-app.ts";

export interface SyncClient {
  messages: ServerMessage[];
  closed: Promise<{ code: number }>;
  socket: WebSocket;
  until(predicate: (message: ServerMessage) => boolean): Promise<ServerMessage>;
  /** Sends `applied` for the snapshot parts received and not yet answered; returns how many. */
  answer(): number;
  focus(scopes: string[]): void;
}

export function connectSync(
  syncUrl: string,
  user: SignedIn,
  hello: { cursor?: number; scopes?: string[]; focus?: string[]; holdAnswers?: boolean } = {},
  origin?: string,
): SyncClient {
  const socket = new WebSocket(syncUrl, origin ? { headers: { origin } } : undefined);
  const messages: ServerMessage[] = [];
  let unanswered = 0;
  const answer = () => {
    const count = unanswered;
    unanswered = 0;
    for (let index = 0; index < count; index++) socket.send(JSON.stringify({ type: "applied" }));
    return count;
  };
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as ServerMessage;
    messages.push(message);
    if (message.type !== "snapshot") return;
    unanswered += 1;
    if (!hello.holdAnswers) answer();
  });
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
        ...(hello.focus ? { focus: hello.focus } : {}),
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
    answer,
    focus: (scopes) => socket.send(JSON.stringify({ type: "focus", scopes })),
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

/**
 * Every row the messages carry, with its scope; a snapshot's `same` row has `data: null` here, and
 * so has a row in full for each other scope it names (`also`), after it; a row going with another
 * of the part's is for the scopes it names (`in`), not the part's.
 */
export const rowsOf = (messages: ServerMessage[]): ReceivedRow[] =>
  messages.flatMap((m) =>
    m.type === "changes"
      ? m.rows.map((r) => ({ scope: r.scope, entity: r.entity, id: r.id, data: r.data }))
      : m.type === "snapshot"
        ? m.rows.flatMap((r) =>
            "data" in r
              ? (r.in ?? [m.scope, ...(r.also ?? [])]).map((scope, index) => ({
                  scope,
                  entity: r.entity,
                  id: r.id,
                  data: index === 0 ? r.data : null,
                }))
              : [{ scope: m.scope, entity: r.entity, id: r.id, data: null }],
          )
        : [],
  );
