import type pg from "pg";

/**
 * A client checked out of the pool loses the pool's idle error listener, so PostgreSQL ending its
 * connection while it is held between queries (a transaction's JavaScript; Ctrl-C reaches the
 * database too) emitted an 'error' nobody listened to, and the process crashed. The query that
 * awaits such a client fails with the error already; idle clients stay the pool's to report.
 */
export function keepCheckedOutErrors(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
}
