import type { FeatureFlags } from "@hirestream/contracts/features/flags.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import { type RunningProjector, startProjector } from "@hirestream/projector/projector.ts";
import type { FastifyInstance } from "fastify";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../app.ts";
import type { ProviderFetch, SignInProviders } from "../auth/provider-sign-in/oidc-clients.ts";
import type { Database } from "../database.ts";
import type { Deps } from "../deps.ts";
import { type ReadModelWatcher, watchReadModels } from "../http/read-model-watcher.ts";
import { startTestReactions, type TestReactions } from "./test-reactions.ts";

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  pool: pg.Pool;
  store: PostgresEventStore;
  clock: { now: Date };
  readModels: ReadModelWatcher;
  /** Running when asked for: mail and a project's workflow copy as reactions to events. */
  reactions: TestReactions | null;
  /** Another API process on the same database (its own caches and listeners), closed with this one. */
  anotherProcess(): Promise<FastifyInstance>;
  /** Stops the projector (read models stay where they are) until `resumeProjector`. */
  pauseProjector(): Promise<void>;
  /** Starts the projector again from its checkpoint. */
  resumeProjector(): void;
  close(): Promise<void>;
}

/** The whole API on a fresh database with the projector running beside it, as in production. */
export interface TestAppOptions {
  now?: Date;
  readYourWritesTimeoutMs?: number;
  /** Serve the built web app too (browser tests). */
  webRoot?: string;
  /** Where the app will listen, so links and the sync socket's origin check agree with it. */
  appUrl?: string;
  features?: FeatureFlags;
  /** Run the reactions (mail, workflow copies) and deliver mail into `local_mailbox`. */
  reactions?: boolean;
  trustProxy?: boolean | string;
  allowedOrigins?: readonly string[];
  /** LOCAL_MAILBOX (on when not given). */
  localMailbox?: boolean;
  /** Turns the request log on, into this stream. */
  logStream?: { write(line: string): void };
  /** Sign-in with Google and Microsoft, against the providers given (none when not given). */
  signInProviders?: SignInProviders;
  /** How the API reaches those providers (a local server standing in at a real address). */
  providerFetch?: ProviderFetch;
  /** Where the Gmail and Graph APIs answer (local servers speaking them). */
  mailApis?: Deps["mailApis"];
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const url = await createTestDatabase(inject("postgresAdminUrl"));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const store = new PostgresEventStore({ pool, pollIntervalMs: 5 });
  const readModels = await watchReadModels(url);
  const clock = { now: options.now ?? new Date("2026-11-22T12:00:00.000Z") };
  const projectorDb = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const runProjector = () => startProjector({ db: projectorDb, store, idleMs: 5 });
  let projector: RunningProjector | null = runProjector();
  const appUrl = options.appUrl ?? "http://localhost:3000";
  // What the outreach service is given besides the database: the providers and the mail APIs of connected mailboxes.
  const mailboxes: Partial<Deps> = {
    ...(options.signInProviders ? { signInProviders: options.signInProviders } : {}),
    ...(options.providerFetch ? { providerFetch: options.providerFetch } : {}),
    ...(options.mailApis ? { mailApis: options.mailApis } : {}),
  };
  const reactions = options.reactions
    ? await startTestReactions(url, { db, pool, store, clock: () => clock.now, readModels, appUrl, ...mailboxes })
    : null;
  const build = () =>
    buildApp({
      db,
      pool,
      store,
      clock: () => clock.now,
      readModels,
      appUrl,
      ...(options.webRoot ? { webRoot: options.webRoot } : {}),
      ...(options.features ? { features: options.features } : {}),
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
      ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
      ...(options.localMailbox !== undefined ? { localMailbox: options.localMailbox } : {}),
      ...(options.logStream ? { logger: true, logStream: options.logStream } : {}),
      ...mailboxes,
      ...(options.readYourWritesTimeoutMs !== undefined
        ? { readYourWritesTimeoutMs: options.readYourWritesTimeoutMs }
        : {}),
    });
  const app = await build();
  const others: FastifyInstance[] = [];
  return {
    app,
    async anotherProcess() {
      const other = await build();
      others.push(other);
      return other;
    },
    async pauseProjector() {
      await projector?.stop();
      projector = null;
    },
    resumeProjector() {
      projector ??= runProjector();
    },
    db,
    pool,
    store,
    clock,
    readModels,
    reactions,
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await reactions?.stop();
      await projector?.stop();
      await readModels.close();
      await db.destroy();
    },
  };
}

export interface SignedIn {
  userId: string;
  email: string;
  headers: Record<string, string>;
}

/** Signs a new user up through the API and returns the session headers to send. */
export async function signUpUser(
  app: FastifyInstance,
  email: string,
  password = "correct horse battery",
): Promise<SignedIn> {
  const response = await app.inject({
    method: "POST",
    url: "/api/v1/auth",
    payload: { email, password, password_confirmation: password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return {
    userId: response.json<{ data: { id: string } }>().data.id,
    email,
    headers: sessionHeadersOf(response.headers),
  };
}

export function sessionHeadersOf(headers: Record<string, unknown>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of ["access-token", "client", "uid", "expiry", "token-type"]) {
    const value = headers[name];
    if (typeof value === "string") picked[name] = value;
  }
  return picked;
}

/** How many events the store holds: a refused request must leave it unchanged. */
export async function countEvents(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from events");
  return rows[0]?.n ?? 0;
}
