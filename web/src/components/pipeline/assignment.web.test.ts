import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { describe, expect, it } from "vitest";
import { mutate } from "../../replica/outbox.ts";
import type { ReplicaDb } from "../../replica/replica-db.ts";
import { openTestDb } from "../../replica/testing/test-db.ts";
import { existingCandidacies, queueAssignment } from "./assignment.ts";
import { candidacy, otherProjectId, ownerId, projectId, uuid, workspaceId } from "./testing/pipeline-rows.ts";

const first = { id: uuid(901), name: "Sourced", position: 0 };
const stage = {
  ...first,
  description: "Sourced",
  sequence_id: null,
  on_response_stage_id: null,
  on_response_stage_position: null,
};
const project: ProjectRow = {
  id: projectId,
  workspace_id: workspaceId,
  name: "Data team",
  description: null,
  priority: "High",
  status: "Active",
  start_date: null,
  deadline: null,
  visible: true,
  workflow_id: uuid(900),
  user_id: ownerId,
  created_at: "2026-11-01T08:00:00.000Z",
  updated_at: "2026-11-01T08:00:00.000Z",
};
const now = new Date("2026-11-22T09:00:00.000Z");

async function withCandidates(): Promise<ReplicaDb> {
  const { db } = openTestDb();
  await db.candidacies.bulkPut([candidacy(uuid(1), first), candidacy(uuid(2), first, { project_id: otherProjectId })]);
  return db;
}

describe("existingCandidacies", () => {
  it("names the people of the list already in the project, and no one in another project", async () => {
    const db = await withCandidates();
    expect(await existingCandidacies(db, projectId, [uuid(1), uuid(2), uuid(3)])).toEqual(
      new Set([candidacyIdOf(projectId, uuid(1))]),
    );
  });
});

describe("queueAssignment", () => {
  it("assigns the people not yet in the project: their rows show at once and one write waits", async () => {
    const db = await withCandidates();
    const runtime = { db, mutate: (command: Parameters<typeof mutate>[1]) => mutate(db, command) };

    await queueAssignment(runtime, "assign", { project, firstStage: stage }, [uuid(1), uuid(2), uuid(3)], now);

    const outbox = await db.outbox.toArray();
    expect(outbox.map((entry) => [entry.method, entry.path, entry.body])).toEqual([
      [
        "POST",
        `/workspaces/${workspaceId}/projects/${projectId}/assign_people`,
        { people_attributes: [{ person_id: uuid(2) }, { person_id: uuid(3) }] },
      ],
    ]);
    const rows = await db.candidacies.where("project_id").equals(projectId).toArray();
    expect(rows.map((row) => [row.person_id, row.stage_id, row._pending]).sort()).toEqual([
      [uuid(1), first.id, 0],
      [uuid(2), first.id, 1],
      [uuid(3), first.id, 1],
    ]);
  });

  it("exports through the export call", async () => {
    const db = await withCandidates();
    const runtime = { db, mutate: (command: Parameters<typeof mutate>[1]) => mutate(db, command) };

    await queueAssignment(runtime, "export", { project, firstStage: stage }, [uuid(4)], now);

    const [entry] = await db.outbox.toArray();
    expect(entry?.path).toBe("/people/export_to_project");
    expect(entry?.body).toEqual({ workspace_id: workspaceId, project_id: projectId, people_ids: [uuid(4)] });
  });

  it("queues nothing when everyone is in the project already", async () => {
    const db = await withCandidates();
    const runtime = { db, mutate: (command: Parameters<typeof mutate>[1]) => mutate(db, command) };

    await queueAssignment(runtime, "assign", { project, firstStage: stage }, [uuid(1)], now);

    expect(await db.outbox.count()).toBe(0);
  });
});
