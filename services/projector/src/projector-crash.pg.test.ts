import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rebuildReadModels } from "./rebuild.ts";
import { openProjectorTestDb } from "./testing/projector-test-db.ts";
import { appendSampleHistory, seededRandom } from "./testing/sample-history.ts";
import { snapshotSchema } from "./testing/schema-snapshot.ts";

let url: string;
let db: Kysely<unknown>;
let store: PostgresEventStore;
let checkpoint: () => Promise<number>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ url, db, store, checkpoint, close } = await openProjectorTestDb());
});
afterAll(async () => {
  await close();
});

function spawnProjector(): { child: ChildProcess; lines: string[] } {
  const script = path.join(import.meta.dirname, "testing", "run-projector.ts");
  // Each batch holds its transaction open 25 ms, so kills land inside batches as well as between.
  const child = spawn(process.execPath, [script, url, "40", "25"], { stdio: ["ignore", "pipe", "inherit"] });
  const lines: string[] = [];
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => lines.push(...chunk.split("\n").filter(Boolean)));
  return { child, lines };
}

/**
 * Kills the projector once it has worked `ms` past the start of its first batch, or (`ms` null)
 * the moment it says a batch committed. Counted from its spawn instead, a kill would land before
 * the process even started whenever the machine is busy (another test file beside this one), and
 * never inside a batch; and a random moment almost never falls between two batches.
 */
async function killAfter(
  ms: number | null,
  running: { child: ChildProcess; lines: string[] },
): Promise<"inside" | "between"> {
  const exited = new Promise((resolve) => running.child.once("exit", resolve));
  const said = (what: (chunk: string) => boolean) =>
    new Promise<void>((resolve) => {
      const heard = (chunk: string) => {
        if (!what(chunk)) return;
        running.child.stdout?.off("data", heard);
        resolve();
      };
      running.child.stdout?.on("data", heard);
    });
  await Promise.race([said(() => true), exited]);
  if (ms === null) await Promise.race([said((chunk) => chunk.includes("commit")), exited]);
  else await new Promise((resolve) => setTimeout(resolve, ms));
  const last = running.lines.at(-1) ?? "";
  running.child.kill("SIGKILL");
  await exited;
  return last.startsWith("begin") ? "inside" : "between";
}

it("leaves read models identical to a clean rebuild after being killed between and inside batches", async () => {
  const events = await appendSampleHistory(store, { commands: 3000, seed: 7 });
  expect(events).toBeGreaterThan(3000);
  const head = await store.headPosition();
  const random = seededRandom(11);
  const kills = { inside: 0, between: 0 };
  for (let round = 0; round < 20 && (await checkpoint()) < head; round++) {
    const where = await killAfter(round % 3 === 2 ? null : Math.floor(random() * 400), spawnProjector());
    kills[where]++;
  }
  // The last run is left to finish.
  const last = spawnProjector();
  try {
    await expect.poll(checkpoint, { timeout: 60_000, interval: 50 }).toBe(head);
  } finally {
    // Left running, it would outlive the test run and hold its output open.
    last.child.kill("SIGKILL");
  }
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
