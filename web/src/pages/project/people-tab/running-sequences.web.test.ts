import { describe, expect, it } from "vitest";
import { candidacy, otherProjectId, uuid } from "../../../components/pipeline/testing/pipeline-rows.ts";
import { openTestDb } from "../../../replica/testing/test-db.ts";
import { payloadRow } from "../message-tab/testing/payload-row.ts";
import { anyRunningSequence } from "./running-sequences.ts";

const stage = { id: uuid(901), name: "Sourced" };

describe("anyRunningSequence", () => {
  it("reads the movers' own payloads: a run in this project asks, a stopped one or another project's does not", async () => {
    const { db } = openTestDb();
    const running = candidacy(uuid(1), stage);
    const stopped = candidacy(uuid(2), stage);
    const elsewhere = candidacy(uuid(3), stage);
    const idle = candidacy(uuid(4), stage);
    const payload = (row: typeof running, runStatus: "sending" | "inactive", projectId = row.project_id) => ({
      ...payloadRow({ project_id: projectId, project_person_id: row.id, person_id: row.person_id, runStatus }),
      scopes: [`proj:${projectId}`],
      _pending: 0,
    });
    await db.payloads.bulkPut([
      payload(running, "sending"),
      payload(stopped, "inactive"),
      // The same person's run in another project does not stop when they move in this one.
      payload(elsewhere, "sending", otherProjectId),
    ]);
    expect(await anyRunningSequence(db, [running])).toBe(true);
    expect(await anyRunningSequence(db, [idle, running])).toBe(true);
    expect(await anyRunningSequence(db, [stopped])).toBe(false);
    expect(await anyRunningSequence(db, [elsewhere])).toBe(false);
    expect(await anyRunningSequence(db, [idle, stopped, elsewhere])).toBe(false);
  });
});
