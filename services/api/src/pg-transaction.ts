import type pg from "pg";

/**
 * Runs `work` on one client inside one transaction, committed when it returns and rolled back
 * when it throws: for writes that must land together with appends made through the same client.
 */
export async function inPgTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const result = await work(client);
    await client.query("commit");
    return result;
  } catch (error) {
    // A connection that broke mid-transaction cannot roll back; the server already has.
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
