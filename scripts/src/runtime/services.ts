import { existsSync } from "node:fs";
import path from "node:path";
import { buildApp } from "@hirestream/api/app.ts";
import { loadCredentialsKeyring } from "@hirestream/api/credentials/credentials-key.ts";
import { watchReadModels } from "@hirestream/api/http/read-model-watcher.ts";
import { workMailboxPolls } from "@hirestream/api/mailbox/mailbox-poll-worker.ts";
import { workSequenceSteps } from "@hirestream/api/processors/step-worker.ts";
import { apiReactions, OUTREACH_REACTOR, outreachReactions } from "@hirestream/api/reactions/api-reactions.ts";
import { AggregateCache } from "@hirestream/eventstore/aggregate-cache.ts";
import { createMailQueue, queueMail, workMailQueue } from "@hirestream/outreach/mail/mail-queue.ts";
import { createStepQueue, queueSteps } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import { LocalTransport } from "@hirestream/outreach/transports/local.transport.ts";
import { startProjector } from "@hirestream/projector/projector.ts";
import { reactionRegistry } from "@hirestream/projector/reactions/reaction.ts";
import { startReactor } from "@hirestream/projector/reactions/reactor.ts";
import { PgBoss } from "pg-boss";
import type { Config } from "./config.ts";
import { repoRoot } from "./config.ts";
import type { Runtime } from "./runtime.ts";

export interface Running {
  name: string;
  stop(): Promise<void>;
}

// Ctrl-C reaches PostgreSQL too (it shares the terminal's process group), so while the services
// stop, the database may already be shutting down under them: its errors then are expected.
let stopping = false;
process.once("SIGINT", () => {
  stopping = true;
});
process.once("SIGTERM", () => {
  stopping = true;
});

function reportUnlessStopping(name: string) {
  return (error: unknown) => {
    if (!stopping) console.error(`${name}:`, error instanceof Error ? error.message : error);
  };
}

async function startBoss(runtime: Runtime, worker: boolean): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: runtime.databaseUrl,
    max: 4,
    // Only the outreach process maintains queues; the API just sends.
    supervise: worker,
    schedule: worker,
  });
  boss.on("error", (error) => {
    reportUnlessStopping("pg-boss")(error);
  });
  await boss.start();
  await createMailQueue(boss);
  await createStepQueue(boss);
  return boss;
}

export async function startApi(runtime: Runtime, config: Config): Promise<Running & { url: string }> {
  const readModels = await watchReadModels(runtime.databaseUrl);
  const built = path.join(repoRoot, "web", "dist");
  const app = await buildApp({
    db: runtime.db,
    pool: runtime.pool,
    store: runtime.store,
    clock: () => new Date(),
    readModels,
    appUrl: config.appUrl,
    trustProxy: config.trustProxy,
    allowedOrigins: config.allowedOrigins,
    webRoot: existsSync(built) ? built : path.join(repoRoot, "web", "public"),
    logger: config.log,
    features: config.features,
    credentialsKeyring: loadCredentialsKeyring({
      key: config.credentialsKey,
      previousKeys: config.credentialsPreviousKeys,
      dataDir: config.dataDir,
    }),
    localMailbox: config.localMailbox,
    signInProviders: config.signInProviders,
    mailApis: config.mailApis,
  });
  const address = await app.listen({ port: config.port, host: config.host });
  return {
    name: "api",
    url: address,
    async stop() {
      await app.close();
      await readModels.close();
    },
  };
}

/**
 * The read models, and beside them the reactions to events (mail, a project's workflow copy),
 * which queue their jobs in the transaction that moves their checkpoint.
 */
export async function startProjectorService(runtime: Runtime, config: Config): Promise<Running> {
  const projector = startProjector({
    db: runtime.anyDb,
    store: runtime.store,
    onError: reportUnlessStopping("projector"),
  });
  const boss = await startBoss(runtime, false);
  const readModels = await watchReadModels(runtime.databaseUrl);
  const deps = {
    db: runtime.db,
    pool: runtime.pool,
    store: runtime.store,
    clock: () => new Date(),
    readModels,
    appUrl: config.appUrl,
    // As the API keeps one: a run read again (scheduled, then sent) reads only its newer events.
    aggregates: new AggregateCache(),
  };
  const reactor = startReactor({
    db: runtime.anyDb,
    store: runtime.store,
    onError: reportUnlessStopping("reactions"),
    reactions: reactionRegistry(apiReactions(deps, (trx, id, mail) => queueMail(boss, trx, id, mail))),
  });
  const outreach = startReactor({
    db: runtime.anyDb,
    store: runtime.store,
    ...OUTREACH_REACTOR,
    onError: reportUnlessStopping("reactions"),
    reactions: reactionRegistry(outreachReactions(deps, (trx, steps) => queueSteps(boss, trx, steps))),
  });
  return {
    name: "projector",
    async stop() {
      await reactor.stop();
      await outreach.stop();
      await projector.stop();
      await readModels.close();
      await boss.stop({ graceful: true });
    },
  };
}

/**
 * Account mail, the sequence steps as they fall due, sent through each step's credential, and the
 * replies and bounces read from each credential's mailbox every MAILBOX_POLL_SECONDS.
 */
export async function startOutreach(runtime: Runtime, config: Config): Promise<Running> {
  const boss = await startBoss(runtime, true);
  const readModels = await watchReadModels(runtime.databaseUrl);
  const deps = {
    db: runtime.db,
    pool: runtime.pool,
    store: runtime.store,
    clock: () => new Date(),
    readModels,
    appUrl: config.appUrl,
    // As the API keeps one: a run read again (scheduled, then sent) reads only its newer events.
    aggregates: new AggregateCache(),
    credentialsKeyring: loadCredentialsKeyring({
      key: config.credentialsKey,
      previousKeys: config.credentialsPreviousKeys,
      dataDir: config.dataDir,
    }),
    // A connected mailbox's tokens are refreshed with the same OAuth clients as sign-in's.
    signInProviders: config.signInProviders,
    mailApis: config.mailApis,
  };
  const transport = new LocalTransport(runtime.pool, (mail) => {
    // Development convenience: with the local transport nothing leaves the machine, so show it.
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    console.log(`✉  mail to ${mail.to}: ${mail.subject}${link ? `\n   ${link}` : ""}`);
  });
  await workMailQueue(boss, transport);
  await workSequenceSteps(boss, deps);
  const polling = await workMailboxPolls(boss, deps, { intervalSeconds: config.mailboxPollSeconds });
  return {
    name: "outreach",
    async stop() {
      await polling.stop();
      await boss.stop({ graceful: true });
      await readModels.close();
    },
  };
}
