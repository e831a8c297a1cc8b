import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Pool } from "pg";
import type { Database } from "../database.ts";
import { hashSecret, newSecret } from "./passwords.ts";

export const TOKEN_LIFESPAN_MS = 14 * 24 * 60 * 60 * 1000;
export const MAX_CLIENTS_PER_USER = 10;
/** NOTIFY channel telling every API process that sessions of a user ended (payload: the user id). */
export const SESSIONS_ENDED_CHANNEL = "hirestream_sessions_ended";

export interface Session {
  userId: string;
  email: string;
  client: string;
  token: string;
  expiry: number;
  /** The last `$all` position this session's writes reached: its reads wait for the read models to get there. */
  writtenPosition: number;
}

export interface Credentials {
  accessToken: string;
  client: string;
  uid: string;
}

/** Starts a session on a new client (device); drops the user's oldest beyond ten. */
export async function createSession(
  db: Kysely<Database>,
  user: { id: string; email: string },
  now: Date,
): Promise<Session> {
  const { secret, hash } = newSecret();
  const client = randomBytes(16).toString("base64url");
  const expiresAt = new Date(now.getTime() + TOKEN_LIFESPAN_MS);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("auth_sessions")
      .values({ user_id: user.id, client, token_hash: hash, expires_at: expiresAt, created_at: now, last_used_at: now })
      .execute();
    const pruned = await sql`delete from auth_sessions where user_id = ${user.id} and client not in (
      select client from auth_sessions where user_id = ${user.id} order by created_at desc, client limit ${MAX_CLIENTS_PER_USER})`.execute(
      trx,
    );
    if (Number(pruned.numAffectedRows ?? 0) > 0) await announceEnded(trx, user.id);
  });
  return {
    userId: user.id,
    email: user.email,
    client,
    token: secret,
    expiry: Math.floor(expiresAt.getTime() / 1000),
    writtenPosition: 0,
  };
}

/** devise_token_auth's headers, plain and as one Bearer value. */
export function setSessionHeaders(reply: FastifyReply, session: Session): void {
  const headers = {
    "access-token": session.token,
    "token-type": "Bearer",
    client: session.client,
    expiry: String(session.expiry),
    uid: session.email,
  };
  reply.headers(headers);
  reply.header("authorization", `Bearer ${Buffer.from(JSON.stringify(headers)).toString("base64")}`);
}

/** Reads the session headers, or the same values packed in `Authorization: Bearer <base64 JSON>`. */
export function credentialsOf(request: FastifyRequest): Credentials | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" && value.length > 0 && value.length < 512 ? value : undefined;
  };
  let accessToken = header("access-token");
  let client = header("client");
  let uid = header("uid");
  const authorization = header("authorization");
  if (authorization?.startsWith("Bearer ") && (!accessToken || !client || !uid)) {
    try {
      const packed: unknown = JSON.parse(Buffer.from(authorization.slice(7), "base64").toString("utf8"));
      if (packed && typeof packed === "object") {
        const field = (name: string) => {
          const value = (packed as Record<string, unknown>)[name];
          return typeof value === "string" ? value : undefined;
        };
        accessToken ??= field("access-token");
        client ??= field("client");
        uid ??= field("uid");
      }
    } catch {
      // Not the packed form; the plain headers decide.
    }
  }
  return accessToken && client && uid ? { accessToken, client, uid } : null;
}

/** Runs on every request: a named statement, so Postgres plans it once per connection. */
const findSessionStatement = `
select s.user_id, s.client, s.token_hash, s.expires_at, s.written_position, u.email
from auth_sessions s join read.users u on u.id = s.user_id
where u.email = $1 and s.client = $2`;

interface SessionRow {
  user_id: string;
  client: string;
  token_hash: string;
  expires_at: Date;
  written_position: string;
  email: string;
}

/** The live session these credentials name, or null. */
export async function findSession(pool: Pool, credentials: Credentials, now: Date): Promise<Session | null> {
  const { rows } = await pool.query<SessionRow>({
    name: "find-session",
    text: findSessionStatement,
    values: [credentials.uid.toLowerCase(), credentials.client],
  });
  const row = rows[0];
  if (!row || row.expires_at.getTime() <= now.getTime()) return null;
  const expected = Buffer.from(row.token_hash);
  const given = Buffer.from(hashSecret(credentials.accessToken));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return {
    userId: row.user_id,
    email: row.email,
    client: row.client,
    token: credentials.accessToken,
    expiry: Math.floor(row.expires_at.getTime() / 1000),
    writtenPosition: Number(row.written_position),
  };
}

/** Every API process forgets the user's cached sessions when this commits. */
async function announceEnded(db: Kysely<Database>, userId: string): Promise<void> {
  await sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${userId})`.execute(db);
}

export async function endSession(db: Kysely<Database>, userId: string, client: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("auth_sessions").where("user_id", "=", userId).where("client", "=", client).execute();
    await announceEnded(trx, userId);
  });
}

/**
 * Ends every session of the user but `keepClient` (a password change keeps the device that made it).
 * Answers how many ended.
 */
export async function endOtherSessions(
  db: Kysely<Database>,
  userId: string,
  keepClient: string | null,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom("auth_sessions").where("user_id", "=", userId);
    if (keepClient) query = query.where("client", "!=", keepClient);
    const deleted = await query.executeTakeFirst();
    await announceEnded(trx, userId);
    return Number(deleted.numDeletedRows);
  });
}
