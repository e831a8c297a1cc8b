import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { describe, expect, it } from "vitest";
import { project as projectRow } from "../../replica/testing/rows.ts";
import { openTestDb } from "../../replica/testing/test-db.ts";
import { candidacy, otherProjectId, ownerId, projectId, uuid, workspaceId } from "../pipeline/testing/pipeline-rows.ts";
import { projectsOf } from "./person-projects.ts";

const screening = { id: uuid(901), name: "Screening" };
const interview = { id: uuid(902), name: "Interview" };
const thirdProjectId = "7f3a9e5c-1d4b-4a8f-8c3e-5b7d9f1a3c4e";

function project(id: string, name: string): ProjectRow & { scopes: string[]; _pending: number } {
  const at = "2026-11-01T08:00:00.000Z";
  return {
    ...projectRow(id, workspaceId, { name, user_id: ownerId, created_at: at, updated_at: at }),
    scopes: [`proj:${id}`],
    _pending: 0,
  };
}

const maya = uuid(1);
const tomas = uuid(2);
const ada = uuid(3);

const summary = (
  entries: readonly {
    candidacy: { status: string; response: string | null };
    project?: { name: string } | undefined;
  }[],
) => entries.map((entry) => [entry.project?.name ?? null, entry.candidacy.status, entry.candidacy.response]);

describe("projectsOf", () => {
  it("lists each person's projects by name, naturally, with the stage and response of each", async () => {
    const { db } = openTestDb();
    await db.projects.bulkPut([
      project(projectId, "Case10"),
      project(otherProjectId, "Case2"),
      project(thirdProjectId, "Analytics"),
    ]);
    await db.candidacies.bulkPut([
      candidacy(maya, screening, { response: "interested" }),
      candidacy(maya, interview, { project_id: otherProjectId, response: "follow_up" }),
      candidacy(tomas, interview, { project_id: thirdProjectId }),
    ]);
    const found = await projectsOf(db, [maya, tomas, ada]);
    expect(summary(found.get(maya) ?? [])).toEqual([
      ["Case2", "Interview", "follow_up"],
      ["Case10", "Screening", "interested"],
    ]);
    expect(summary(found.get(tomas) ?? [])).toEqual([["Analytics", "Interview", null]]);
    expect(found.get(ada)).toEqual([]);
  });

  it("keeps a candidacy whose project has not reached the replica, without a project", async () => {
    const { db } = openTestDb();
    await db.candidacies.put(candidacy(maya, screening));
    const found = await projectsOf(db, [maya]);
    expect(summary(found.get(maya) ?? [])).toEqual([[null, "Screening", null]]);
  });

  it("answers an empty map for nobody, reading nothing", async () => {
    const { db } = openTestDb();
    expect((await projectsOf(db, [])).size).toBe(0);
  });
});
