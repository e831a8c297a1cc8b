import { createHash } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { DomainError } from "@hirestream/contracts/errors.ts";
import pg from "pg";
import { keepCheckedOutErrors } from "../pool-errors.ts";

/** What claiming an owner's key found. */
export type ClaimResult =
  | { kind: "claimed"; claim: Claim }
  | { kind: "answered"; hash: string; status: number; body: unknown };

/** A key this request holds until it settles (its answer stored) or releases (a retry runs again). */
export interface Claim {
  settle(status: number, body: string): Promise<void>;
  release(): Promise<void>;
}

/**
 * Connections that hold keys, apart from the pool handlers write with, so a held key never starves
 * them; as many as that pool has, since each keyed write holds one of each at most.
 */
const CLAIM_CONNECTIONS = 10;
const lockNotAvailable = "55P03";

/** The advisory lock of one owner's key: 64 bits of a hash, so two keys sharing one only wait on each other. */
export function lockIdOf(owner: string, key: string): string {
  return createHash("sha256").update(`${owner}\n${key}`).digest().readBigInt64BE(0).toString();
}

/**
 * Claims Idempotency-Keys atomically with a session-level advisory lock on owner and key, held on a
 * connection of its own while the handler runs. A concurrent request with the same key waits on
 * that lock in Postgres (bounded by lock_timeout), then finds the stored answer to replay, or to
 * refuse when its body differs. After a 5xx, or when the process dies and its connection with it,
 * the lock goes with no answer stored, and the waiter runs the request itself.
 * An advisory lock rather than an uncommitted row: an open writing transaction would hold back
 * the event store's `$all` (positions below the oldest running transaction), and with it the very
 * read models the handler waits for.
 */
export class IdempotencyClaims {
  private readonly pool: pg.Pool;
  private readonly waitMs: number;
  /** The last copy of each key in line in this process: its promise resolves when its turn ends. */
  private readonly turns = new Map<string, Promise<void>>();

  constructor(options: pg.PoolConfig, waitMs: number) {
    this.waitMs = Math.max(1, Math.round(waitMs));
    this.pool = new pg.Pool({
      ...options,
      max: options.max ?? CLAIM_CONNECTIONS,
      connectionTimeoutMillis: this.waitMs,
      // Set once per connection rather than sent before every lock.
      options: `-c lock_timeout=${this.waitMs}`,
    });
    // An idle connection's error (the server restarting) must not take the process down.
    this.pool.on("error", () => {});
    keepCheckedOutErrors(this.pool);
  }

  async claim(owner: string, key: string, hash: string): Promise<ClaimResult> {
    const lockId = lockIdOf(owner, key);
    const done = await this.turnHere(lockId, Date.now() + this.waitMs);
    let held = false;
    try {
      const client = await this.connect();
      try {
        await client.query("select pg_advisory_lock($1::bigint)", [lockId]);
        const { rows } = await client.query<{ request_hash: string; status: number; body: unknown }>(
          "select request_hash, status, body from idempotency_keys where owner = $1 and key = $2",
          [owner, key],
        );
        const [stored] = rows;
        if (stored) return { kind: "answered", hash: stored.request_hash, status: stored.status, body: stored.body };
        held = true;
        return { kind: "claimed", claim: heldClaim(client, lockId, owner, key, hash, done) };
      } finally {
        if (!held) await unlock(client, lockId);
      }
    } catch (error) {
      if (error instanceof Error && "code" in error && error.code === lockNotAvailable) {
        throw new DomainError("IDEMPOTENCY_KEY_IN_USE");
      }
      throw error;
    } finally {
      if (!held) done();
    }
  }

  /**
   * Copies arriving at this process take turns here, so they wait for the one holding their key
   * without each taking a connection to wait on the lock; copies at other processes wait on the
   * lock itself. Answers the function that ends this copy's turn.
   */
  private async turnHere(lockId: string, deadline: number): Promise<() => void> {
    const previous = this.turns.get(lockId);
    let letGo = () => {};
    const mine = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    this.turns.set(lockId, mine);
    const done = () => {
      if (this.turns.get(lockId) === mine) this.turns.delete(lockId);
      letGo();
    };
    if (!previous) return done;
    const timer = new AbortController();
    const inTime = await Promise.race([
      previous.then(() => true),
      delay(Math.max(0, deadline - Date.now()), false, { signal: timer.signal }).catch(() => false),
    ]);
    timer.abort();
    if (!inTime) {
      // The turns after this one still wait for the copy ahead of it.
      void previous.then(done);
      throw new DomainError("IDEMPOTENCY_KEY_IN_USE");
    }
    return done;
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  private async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      // Every claim connection busy for the whole wait: as good as the key being held.
      if (error instanceof Error && /timeout/i.test(error.message)) throw new DomainError("IDEMPOTENCY_KEY_IN_USE");
      throw error;
    }
  }
}

function heldClaim(
  client: pg.PoolClient,
  lockId: string,
  owner: string,
  key: string,
  hash: string,
  done: () => void,
): Claim {
  let open = true;
  return {
    async settle(status, body) {
      if (!open) return;
      open = false;
      try {
        await client.query(
          "insert into idempotency_keys (owner, key, request_hash, status, body) values ($1, $2, $3, $4, $5) on conflict (owner, key) do nothing",
          [owner, key, hash, status, body],
        );
      } finally {
        await unlock(client, lockId);
        done();
      }
    },
    async release() {
      if (!open) return;
      open = false;
      await unlock(client, lockId);
      done();
    },
  };
}

/** Lets the key go and hands the connection back; a connection that cannot say so is dropped, lock and all. */
async function unlock(client: pg.PoolClient, lockId: string): Promise<void> {
  try {
    await client.query("select pg_advisory_unlock($1::bigint)", [lockId]);
    client.release();
  } catch (error) {
    client.release(error instanceof Error ? error : true);
  }
}
