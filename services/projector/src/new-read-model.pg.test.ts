import { at, everyEvent, ids } from "@hirestream/domain/analytics/testing/every-event.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { readProjectionStates } from "./projection-states.ts";
import { startProjector } from "./projector.ts";
import { allProjections } from "./read-models/all.ts";
import { rebuildReadModels } from "./rebuild.ts";
import { openProjectorTestDb } from "./testing/projector-test-db.ts";
import { snapshotSchema } from "./testing/schema-snapshot.ts";

it("a read model an upgrade adds (the reports' facts) projects the history before it, not only what follows", async () => {
  const { db, store, checkpoint, close } = await openProjectorTestDb();
  try {
    const history = [
      everyEvent.CandidacyAdded,
      everyEvent.CandidacyMoved,
      everyEvent.ProcessorStarted,
      everyEvent.StepSent,
      everyEvent.ReplyReceived,
    ];
    let head = 0;
    for (const event of history) {
      head = (await appendEvents(store, `history-${event.type}`, [event], { occurredAt: at, actor: ids.user }))
        .position;
    }
    // The deployment before the upgrade: every read model but the new one, at the head.
    const before = startProjector({
      db,
      store,
      projections: allProjections.filter((projection) => projection.table !== "analytics_facts"),
      idleMs: 5,
    });
    await expect.poll(checkpoint, { timeout: 30_000 }).toBe(head);
    await before.stop();

    const upgraded = startProjector({ db, store, idleMs: 5 });
    const factsAt = async () =>
      (await readProjectionStates(db, "read", ["analytics_facts"])).get("analytics_facts")?.position;
    await expect.poll(factsAt, { timeout: 30_000 }).toBe(head);
    await upgraded.stop();

    await rebuildReadModels({ db, store, target: "read_clean", swap: false });
    const { analytics_facts: projected } = await snapshotSchema(db, "read");
    const { analytics_facts: clean } = await snapshotSchema(db, "read_clean");
    expect(clean?.length).toBeGreaterThan(0);
    expect(projected).toEqual(clean);
    const { rows } = await sql<{ n: string }>`select count(*) as n from read.analytics_facts`.execute(db);
    expect(Number(rows[0]?.n)).toBe(clean?.length);
  } finally {
    await close();
  }
});
