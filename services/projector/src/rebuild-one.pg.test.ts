import { sql } from "kysely";
import { expect, it } from "vitest";
import { readProjectionStates } from "./projection-states.ts";
import { rebuildProjection } from "./rebuild-one.ts";
import { projectToHead, rebuiltBeside, useProjectorTestDb } from "./testing/rebuild-setup.ts";
import { appendSampleHistory } from "./testing/sample-history.ts";

const test = useProjectorTestDb();

it("rebuilding one read model makes its rows and change-log rows what a full rebuild makes, and leaves the others alone", async () => {
  const { db, store, checkpoint } = test;
  await appendSampleHistory(store, { commands: 500, seed: 31 });
  await projectToHead(test, { batchSize: 100, timeout: 60_000 });
  // What a buggy build left behind: wrong rows, and change-log rows browsers would get them from.
  await sql`update read.people set first_name = 'wrong'`.execute(db);
  await sql`update read.change_log set data = jsonb_set(data, '{first_name}', '"wrong"')
    where entity = 'person' and op = 'put'`.execute(db);
  await sql`update read.workspaces set name = 'left alone'`.execute(db);

  const report = await rebuildProjection({ db, store, name: "people", batchSize: 200 });
  expect(report.events).toBeGreaterThan(0);
  const { served: rebuilt, rebuilt: full } = await rebuiltBeside(test, "read_full");
  expect((full.people ?? []).length).toBeGreaterThan(5);
  expect(rebuilt.people).toEqual(full.people);
  // Every change-log row, the people's included, is the full rebuild's, at the same position and seq.
  expect(rebuilt.change_log).toEqual(full.change_log);
  expect(rebuilt.workspaces).not.toEqual(full.workspaces);
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from read.workspaces where name <> 'left alone'`.execute(db);
  expect(Number(rows[0]?.n)).toBe(0);
  const states = await readProjectionStates(db, "read", ["people"]);
  expect(states.get("people")).toMatchObject({ position: await checkpoint(), failedPosition: null });
  const { rows: scratch } = await sql<{ n: string }>`select count(*) as n from pg_namespace
    where nspname like 'read_one_%'`.execute(db);
  expect(Number(scratch[0]?.n)).toBe(0);
}, 180_000);

it("an unknown read model's name is refused with the names there are", async () => {
  await expect(rebuildProjection({ db: test.db, store: test.store, name: "peoples" })).rejects.toThrow(
    /no read model is called "peoples"; the read models are: .*invitations, .*people, /,
  );
});
