import { clientMessage, type ServerMessage } from "@hirestream/contracts/sync/messages.ts";
import type { FastifyInstance } from "fastify";
import { findSession } from "../auth/sessions.ts";
import type { Deps } from "../deps.ts";
import { makeWayFor, type ScreenQueries } from "./screen-queries.ts";
import { SyncConnection } from "./sync-connection.ts";
import type { SyncHub } from "./sync-hub.ts";
import { originAccepted, originRule } from "./sync-origin.ts";

const HELLO_TIMEOUT_MS = 10_000;
/** How long, in all, a catch-up waits on its user's screen queries before it reads on regardless. */
const MAKE_WAY_BUDGET_MS = 3000;

/**
 * GET /api/v1/sync, upgraded to a WebSocket. The browser proves its session in its first message
 * (never in the URL, which ends up in logs), from the app's own pages only (sync-origin.ts).
 */
export function syncRoutes(app: FastifyInstance, deps: Deps, hub: SyncHub, screenQueries: ScreenQueries): void {
  const origins = originRule(deps.appUrl, deps.allowedOrigins);
  app.get("/sync", { websocket: true }, (socket, request) => {
    const sendFrame = (text: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    };
    const send = (message: ServerMessage) => sendFrame(JSON.stringify(message));
    const refuse = (code: number, errorCode: string, detail: string) => {
      send({ type: "error", code: errorCode, detail });
      // A close reason holds at most 123 bytes; the detail can be longer (it may quote the Origin).
      socket.close(code, Buffer.byteLength(detail) <= 123 ? detail : errorCode);
    };
    const origin = request.headers.origin;
    if (!originAccepted(origins, origin, request.host)) {
      // The page says why it cannot sync, in words: the detail names the origin refused.
      refuse(4403, "FORBIDDEN", `This server does not accept pages from ${origin}`);
      return;
    }
    let connection: SyncConnection | undefined;
    /** A focus sent while the session is still being checked: the connection takes it once made. */
    let focusMeanwhile: string[] | undefined;
    const helloTimer = setTimeout(() => refuse(4400, "BAD_REQUEST", "No hello received"), HELLO_TIMEOUT_MS);
    socket.on("close", () => {
      clearTimeout(helloTimer);
      if (!connection) return;
      hub.detach(connection);
      // Nothing more goes out: a catch-up waiting for the client's answers gives up.
      connection.close(1000, "closed by the client");
    });
    socket.on("message", async (raw: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        refuse(4400, "BAD_REQUEST", "Messages are JSON");
        return;
      }
      const message = clientMessage.safeParse(parsed);
      if (!message.success) {
        refuse(4400, "BAD_REQUEST", message.error.issues[0]?.message ?? "Unknown message");
        return;
      }
      if (message.data.type === "ping") {
        send({ type: "pong" });
        return;
      }
      if (message.data.type === "focus") {
        if (connection) connection.focus(message.data.scopes);
        else focusMeanwhile = message.data.scopes;
        return;
      }
      if (message.data.type === "applied") {
        connection?.applied();
        return;
      }
      if (connection) {
        refuse(4400, "BAD_REQUEST", "hello was already sent");
        return;
      }
      clearTimeout(helloTimer);
      const hello = message.data;
      const credentials = {
        accessToken: hello.credentials["access-token"],
        client: hello.credentials.client,
        uid: hello.credentials.uid,
      };
      const session = await findSession(deps.pool, credentials, deps.clock());
      if (!session) {
        refuse(4401, "UNAUTHENTICATED", "Session missing or expired");
        return;
      }
      // Closed while the session was checked: no catch-up for nobody, and nothing left in the hub.
      if (socket.readyState !== socket.OPEN) return;
      connection = new SyncConnection(session, credentials, {
        pool: deps.pool,
        db: deps.db,
        send,
        sendFrame,
        close: (code, reason) => socket.close(code, reason),
        makeWay: makeWayFor(screenQueries, session.userId, MAKE_WAY_BUDGET_MS),
      });
      void connection.start(hello);
      if (focusMeanwhile) connection.focus(focusMeanwhile);
      // From now on, not once the catch-up is done: its live changes go out while it runs.
      hub.attach(connection);
    });
  });
}
