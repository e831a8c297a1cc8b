import { sql } from "kysely";
import { expect, it } from "vitest";
import { startProjector } from "./projector.ts";
import { rebuildReadModels } from "./rebuild.ts";
import { projectToHead, rebuiltBeside, useProjectorTestDb } from "./testing/rebuild-setup.ts";
import { appendSampleHistory } from "./testing/sample-history.ts";
import { appendTeamHistory } from "./testing/team-history.ts";

const test = useProjectorTestDb();

it("rebuilds beside the serving schema while writes go on, swaps it in, and the live projector carries on", async () => {
  const { db, store, checkpoint } = test;
  await appendSampleHistory(store, { commands: 800, seed: 3 });
  const live = startProjector({ db, store, idleMs: 5, batchSize: 100, onError: () => undefined });
  await expect.poll(checkpoint, { timeout: 30_000 }).toBe(await store.headPosition());
  const servedDuringRebuild: number[] = [];
  const writer = appendSampleHistory(store, { commands: 400, seed: 4 });
  const reader = (async () => {
    // The serving schema answers all along.
    while (servedDuringRebuild.length < 50) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from read.users`.execute(db);
      servedDuringRebuild.push(Number(rows[0]?.n));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const report = await rebuildReadModels({ db, store, batchSize: 200 });
  await Promise.all([writer, reader]);
  expect(report.resumed).toBe(false);
  expect(report.events).toBeGreaterThan(0);
  expect(servedDuringRebuild.every((n) => n > 0)).toBe(true);
  await expect.poll(checkpoint, { timeout: 30_000 }).toBe(await store.headPosition());
  await live.stop();
  const { rows } = await sql<{ n: string }>`select count(*) as n from pg_namespace where nspname = 'read_next'`.execute(
    db,
  );
  expect(Number(rows[0]?.n)).toBe(0);

  const { served: swapped, rebuilt: clean } = await rebuiltBeside(test, "read_clean");
  for (const table of Object.keys(clean)) expect(swapped[table], table).toEqual(clean[table]);
}, 120_000);

it("project members' activity and invitations come out the same live, a few events a batch, as rebuilt at once", async () => {
  await appendTeamHistory(test.store, { commands: 600, seed: 9 });
  await projectToHead(test, { batchSize: 3, timeout: 60_000 });

  const { served, rebuilt } = await rebuiltBeside(test, "read_team");
  const members = (rebuilt.project_users ?? []) as { last_activity: string | null }[];
  const invitations = (rebuilt.invitations ?? []) as { to_email: string; to_user_id: string | null; status: string }[];
  expect(members.filter((row) => row.last_activity !== null).length).toBeGreaterThan(5);
  expect(invitations.some((row) => row.to_email.startsWith("guest") && row.to_user_id !== null)).toBe(true);
  expect(new Set(invitations.map((row) => row.status))).toEqual(new Set(["waiting", "active", "inactive"]));
  // A project's members and candidacies are logged in the project's own scope.
  const projectRows = (
    (rebuilt.change_log ?? []) as { entity: string; scope: string; data: { project_id?: string } | null }[]
  ).filter((row) => (row.entity === "project_user" || row.entity === "candidacy") && row.data !== null);
  expect(projectRows.length).toBeGreaterThan(0);
  for (const row of projectRows) expect(row.scope).toBe(`proj:${row.data?.project_id}`);
  for (const table of Object.keys(rebuilt)) expect(served[table], table).toEqual(rebuilt[table]);
}, 120_000);
