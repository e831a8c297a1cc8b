import { spawn } from "node:child_process";
import path from "node:path";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import { rebuildReadModels } from "@hirestream/projector/rebuild.ts";
import { appendSampleHistory } from "@hirestream/projector/testing/sample-history.ts";
import { snapshotSchema } from "@hirestream/projector/testing/schema-snapshot.ts";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { expect, inject, it } from "vitest";

const script = path.join(import.meta.dirname, "rebuild-projections.ts");

function runRebuild(url: string, killAfterMs?: number): Promise<string> {
  return new Promise((resolve) => {
    const { EVENTSTORE_URL: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, [script], {
      env: { ...env, DATABASE_URL: url, REBUILD_BATCH_SIZE: "100" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    if (killAfterMs !== undefined) setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.on("exit", () => resolve(output));
  });
}

it("npm run rebuild-projections shows progress and events per second, and resumes after being killed", async () => {
  const url = await createTestDatabase(inject("postgresAdminUrl"));
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const store = new PostgresEventStore({ pool });
  try {
    await appendSampleHistory(store, { commands: 6000, seed: 5 });
    let killed = "";
    for (const delay of [1200, 1600, 2200, 3000]) {
      killed = await runRebuild(url, delay);
      if (/rebuilding read models/.test(killed)) break;
    }
    expect(killed).toMatch(/rebuilding read models/);
    expect(killed).not.toMatch(/Swapped in/);
    const finished = await runRebuild(url);
    expect(finished).toMatch(/Resumed an interrupted rebuild/);
    expect(finished).toMatch(/\d+ events\/s\. Swapped in\./);

    await rebuildReadModels({ db, store, target: "read_clean", swap: false });
    const swapped = await snapshotSchema(db, "read");
    const clean = await snapshotSchema(db, "read_clean");
    for (const table of Object.keys(clean)) expect(swapped[table], table).toEqual(clean[table]);
  } finally {
    await db.destroy();
  }
}, 180_000);
