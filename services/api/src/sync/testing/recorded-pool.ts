import { type Hello, SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/messages.ts";
import pg from "pg";
import type { Credentials } from "../../auth/sessions.ts";
import type { SignedIn } from "../../testing/test-app.ts";

/**
 * A pool of its own on the test database whose connections note the name of every prepared
 * statement they run, in order: what a sync connection reads is what such tests check.
 */
export function recordedPool(options: pg.PoolConfig): { pool: pg.Pool; names: string[] } {
  const pool = new pg.Pool({ ...options, max: 4 });
  const names: string[] = [];
  pool.on("connect", (client) => {
    const query: (config: unknown, ...rest: unknown[]) => unknown = client.query.bind(client);
    const recording = (config: unknown, ...rest: unknown[]): unknown => {
      if (config && typeof config === "object" && "name" in config && typeof config.name === "string") {
        names.push(config.name);
      }
      return query(config, ...rest);
    };
    // The same query, seen on its way.
    client.query = recording as typeof client.query;
  });
  return { pool, names };
}

/** The session credentials of a signed-in test user, as a sync connection is given them. */
export const credentialsOf = (user: SignedIn): Credentials => ({
  accessToken: user.headers["access-token"] ?? "",
  client: user.headers.client ?? "",
  uid: user.headers.uid ?? "",
});

/** A fresh replica's hello: no cursor, no scope held, credentials given by the connection. */
export const firstHello: Hello = {
  type: "hello",
  version: SYNC_PROTOCOL_VERSION,
  credentials: { "access-token": "", client: "", uid: "" },
  cursor: 0,
  scopes: [],
};
