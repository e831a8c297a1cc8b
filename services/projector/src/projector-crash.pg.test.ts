import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { rebuildReadModels } from "./rebuild.ts";
import { appendSampleHistory, seededRandom } from "./testing/sample-history.ts";
import { snapshotSchema } from "./testing/schema-snapshot.ts";

let url: string;
let pool: pg.Pool;
let db: Kysely<unknown>;
let store: PostgresEventStore;

beforeAll(async () => {
  url = await createTestDatabase(inject("postgresAdminUrl"));
  pool = new pg.Pool({ connectionString: url, max: 8 });
  db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  store = new PostgresEventStore({ pool });
});
afterAll(async () => {
  await db.destroy();
});

const checkpoint = async () => {
  const { rows } = await sql<{
    position: string;
  }>`select position from read.checkpoint where name = 'projector'`.execute(db);
  return Number(rows[0]?.position ?? 0);
};

function spawnProjector(): { child: ChildProcess; lines: string[] } {
  const script = path.join(import.meta.dirname, "testing", "run-projector.ts");
  // Each batch holds its transaction open 25 ms, so kills land inside batches as well as between.
  const child = spawn(process.execPath, [script, url, "40", "25"], { stdio: ["ignore", "pipe", "inherit"] });
  const lines: string[] = [];
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => lines.push(...chunk.split("\n").filter(Boolean)));
  return { child, lines };
}

async function killAfter(ms: number, running: { child: ChildProcess; lines: string[] }): Promise<"inside" | "between"> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  const last = running.lines.at(-1) ?? "";
  running.child.kill("SIGKILL");
  await new Promise((resolve) => running.child.once("exit", resolve));
  return last.startsWith("begin") ? "inside" : "between";
}

it("leaves read models identical to a clean rebuild after being killed between and inside batches", async () => {
  const events = await appendSampleHistory(store, { commands: 3000, seed: 7 });
  expect(events).toBeGreaterThan(3000);
  const head = await store.headPosition();
  const random = seededRandom(11);
  const kills = { inside: 0, between: 0 };
  for (let round = 0; round < 60 && (await checkpoint()) < head; round++) {
    const where = await killAfter(350 + Math.floor(random() * 400), spawnProjector());
    kills[where]++;
  }
  // The last run is left to finish.
  const last = spawnProjector();
  await expect.poll(checkpoint, { timeout: 60_000, interval: 50 }).toBe(head);
  last.child.kill("SIGKILL");
  expect(kills.inside).toBeGreaterThan(0);
  expect(kills.between + kills.inside).toBeGreaterThan(5);
  console.log(`projector killed ${kills.inside} times inside a batch, ${kills.between} between batches`);

  await rebuildReadModels({ db, store, target: "read_clean", swap: false });
  const survived = await snapshotSchema(db, "read");
  const clean = await snapshotSchema(db, "read_clean");
  expect(Object.keys(survived)).toEqual(Object.keys(clean));
  for (const table of Object.keys(clean)) expect(survived[table], table).toEqual(clean[table]);
  expect(clean.users?.length).toBeGreaterThan(0);
  expect(clean.workspace_members?.length).toBeGreaterThan(0);
  expect(clean.change_log?.length).toBeGreaterThan(events / 2);
}, 180_000);
