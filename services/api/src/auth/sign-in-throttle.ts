import { type Kysely, sql } from "kysely";
import type { Database } from "../database.ts";

export interface ThrottleRule {
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
}

export const signInPerEmail: ThrottleRule = { limit: 5, windowMs: 15 * 60 * 1000 };
export const signInPerAddress: ThrottleRule = { limit: 30, windowMs: 15 * 60 * 1000 };
export const resetPerEmail: ThrottleRule = { limit: 5, windowMs: 60 * 60 * 1000 };

/** Seconds until the window of `key` ends, if it holds `rule.limit` or more; 0 when under the limit. */
export async function retryAfterSeconds(
  db: Kysely<Database>,
  key: string,
  rule: ThrottleRule,
  now: Date,
): Promise<number> {
  const row = await db.selectFrom("sign_in_failures").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) return 0;
  const windowEnds = row.window_started_at.getTime() + rule.windowMs;
  if (windowEnds <= now.getTime() || row.failures < rule.limit) return 0;
  return Math.ceil((windowEnds - now.getTime()) / 1000);
}

export interface Counted {
  /** Attempts in the window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  windowLeftSeconds: number;
}

/**
 * Counts one more attempt against `key` in a single statement, opening a new window when the old
 * one has passed, and answers the count with this attempt in it. Concurrent attempts each see a
 * different count, so no more than `limit` of them can ever find themselves under the limit.
 */
export async function countAttempt(db: Kysely<Database>, key: string, rule: ThrottleRule, now: Date): Promise<Counted> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const { rows } = await sql<{ failures: number; window_started_at: Date }>`
    insert into sign_in_failures (key, failures, window_started_at) values (${key}, 1, ${now})
    on conflict (key) do update set
      failures = case when sign_in_failures.window_started_at <= ${windowStart} then 1 else sign_in_failures.failures + 1 end,
      window_started_at = case when sign_in_failures.window_started_at <= ${windowStart} then ${now}
                               else sign_in_failures.window_started_at end
    returning failures, window_started_at`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("insert … returning gave no row");
  const windowEnds = row.window_started_at.getTime() + rule.windowMs;
  return { count: row.failures, windowLeftSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)) };
}

export async function forget(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("sign_in_failures").where("key", "=", key).execute();
}
