import { afterAll, beforeAll, expect, it } from "vitest";
import { formatStatus } from "./format-status.ts";
import { projectorStatus } from "./projection-status.ts";
import { allProjections } from "./read-models/all.ts";
import { openProjectorTestDb, type ProjectorTestDb } from "./testing/projector-test-db.ts";
import { appendSampleHistory } from "./testing/sample-history.ts";

let t: ProjectorTestDb;

beforeAll(async () => {
  t = await openProjectorTestDb();
});
afterAll(async () => {
  await t.close();
});

it("the status of a fresh database shows every read model at 0, nothing behind and none failed", async () => {
  const status = await projectorStatus(t.db);
  expect(status.horizon).toBe(0);
  expect(status.projections.map((p) => p.name)).toEqual(allProjections.map((p) => p.table));
  for (const row of status.projections) {
    expect(row).toMatchObject({ position: 0, lagEvents: 0, lagSeconds: 0, failedPosition: null, failure: null });
  }
  const shown = formatStatus(status);
  expect(shown).toMatch(/^people +ok +0 +0 +0\.0 s$/m);
  expect(shown).toContain("No read model has failed.");
});

it("before the projector's first start, every read model lags by every event, since the oldest was appended", async () => {
  const events = await appendSampleHistory(t.store, { commands: 50, seed: 41 });
  const status = await projectorStatus(t.db);
  for (const row of status.projections) {
    expect(row).toMatchObject({ position: 0, lagEvents: events, failedPosition: null });
    expect(row.lagSeconds).toBeGreaterThan(0);
  }
  expect(formatStatus(status)).toMatch(new RegExp(`^users +behind +0 +${events} `, "m"));
});
