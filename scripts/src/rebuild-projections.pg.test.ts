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

function runRebuild(url: string, killWhen?: () => Promise<boolean>): Promise<string> {
  return new Promise((resolve) => {
    const { EVENTSTORE_URL: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, [script], {
      env: { ...env, DATABASE_URL: url, REBUILD_BATCH_SIZE: "20" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: string) => {
      output += chunk;
    };
    child.stdout.setEncoding("utf8").on("data", collect);
    child.stderr.setEncoding("utf8").on("data", collect);
    let exited = false;
    child.on("exit", () => {
      exited = true;
      resolve(output);
    });
    if (killWhen) {
      void (async () => {
        while (!exited && !(await killWhen())) await new Promise((r) => setTimeout(r, 20));
        child.kill("SIGKILL");
      })();
    }
  });
}

it("npm run rebuild-projections shows progress and events per second, and resumes after being killed", async () => {
  const url = await createTestDatabase(inject("postgresAdminUrl"));
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const store = new PostgresEventStore({ pool });
  try {
    await appendSampleHistory(store, { commands: 6000, seed: 5 });
    // Killed once the rebuild has committed some batches: half-way through.
    const halfWay = async () => {
      const { rows } = await pool
        .query<{ position: string }>("select position from read_next.checkpoint where name = 'projector'")
        .catch(() => ({ rows: [] as { position: string }[] }));
      return Number(rows[0]?.position ?? 0) > 0;
    };
    const killed = await runRebuild(url, halfWay);
    expect(killed).not.toMatch(/Swapped in/);
    const finished = await runRebuild(url);
    expect(finished).toMatch(/rebuilding read models \[/);
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
