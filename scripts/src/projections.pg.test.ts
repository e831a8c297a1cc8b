import { spawn } from "node:child_process";
import path from "node:path";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import { appendSampleHistory } from "@hirestream/projector/testing/sample-history.ts";
import pg from "pg";
import { expect, inject, it } from "vitest";

function run(script: string, args: string[], url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const { EVENTSTORE_URL: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, [path.join(import.meta.dirname, script), ...args], {
      env: { ...env, DATABASE_URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

it("npm run projections -- status prints each read model's checkpoint and lag, and rebuild-projections --projection rebuilds one or names the read models", async () => {
  const url = await createTestDatabase(inject("postgresAdminUrl"));
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const events = await appendSampleHistory(new PostgresEventStore({ pool }), { commands: 40, seed: 7 });
    const before = await run("projections.ts", ["status"], url);
    expect(before.code).toBe(0);
    expect(before.output).toMatch(new RegExp(`^people +behind +0 +${events} `, "m"));
    expect(before.output).toContain("No read model has failed.");

    const unknown = await run("rebuild-projections.ts", ["--projection", "peoples"], url);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toMatch(/no read model is called "peoples"; the read models are: .*people, /);

    const one = await run("rebuild-projections.ts", ["--projection", "people"], url);
    expect(one.output).toMatch(/rebuilding people \[/);
    expect(one.output).toMatch(/events\/s\. Swapped in\./);
    const after = await run("projections.ts", ["status"], url);
    expect(after.output).toMatch(/^people +ok +\d+ +0 +0\.0 s$/m);
    expect(after.output).toMatch(new RegExp(`^users +behind +0 +${events} `, "m"));

    const wrong = await run("projections.ts", ["stats"], url);
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain("usage: npm run projections -- status");
  } finally {
    await pool.end();
  }
}, 120_000);
