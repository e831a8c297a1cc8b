import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { ASSIGN_PEOPLE_MAX } from "@hirestream/contracts/candidacies/commands.ts";
import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import { describe, expect, it } from "vitest";
import {
  assignPeople,
  exportPeopleToProject,
  moveCandidacy,
  removeCandidacy,
  setCandidacyResponse,
} from "./candidacy-commands.ts";

const workspaceId = "0b7f5d7e-2f8c-4c1a-a7a4-5c5b9c1e2d33";
const projectId = "5d1e7c3a-9b2f-4e6d-8a1c-3f5b7d9e1a2c";
const ann = "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const bo = "7c6b5a49-3827-4165-9f8e-7d6c5b4a3928";
const sourced = { id: "9e8d7c6b-5a49-4382-8716-5f4e3d2c1b0a", name: "Sourced" };
const screening = { id: "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b", name: "Screening" };
const then = "2026-11-01T08:00:00.000Z";
const now = new Date("2026-11-22T09:00:00.000Z");
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const candidacy: CandidacyRow = {
  id: candidacyIdOf(projectId, ann),
  project_id: projectId,
  workspace_id: workspaceId,
  person_id: ann,
  stage_id: sourced.id,
  status: "Sourced",
  response: null,
  stage_entered_at: then,
  created_at: then,
  updated_at: then,
};
const shown = { ...candidacy, scopes: [`ws:${workspaceId}`], _pending: 1 };
const path = `/projects/${projectId}/project_people/${candidacy.id}`;

describe("moveCandidacy", () => {
  it("puts the stage id and shows the candidate in the stage, named after it, from now on", () => {
    expect(moveCandidacy(shown, screening, now)).toEqual({
      method: "PUT",
      path: `${path}/move`,
      body: { stage_id: screening.id },
      optimistic: [
        {
          table: "candidacies",
          id: candidacy.id,
          next: {
            ...candidacy,
            stage_id: screening.id,
            status: "Screening",
            stage_entered_at: now.toISOString(),
            updated_at: now.toISOString(),
          },
        },
      ],
      silentErrors: true,
    });
  });

  it("sends nothing when the candidate is in that stage already", () => {
    expect(moveCandidacy(shown, sourced, now)).toBeNull();
  });
});

describe("setCandidacyResponse", () => {
  it("puts the response, shows it at once and keeps a refusal quiet", () => {
    expect(setCandidacyResponse(shown, "follow_up", now)).toEqual({
      method: "PUT",
      path: `${path}/person_response`,
      body: { response: "follow_up" },
      optimistic: [
        {
          table: "candidacies",
          id: candidacy.id,
          next: { ...candidacy, response: "follow_up", updated_at: now.toISOString() },
        },
      ],
    });
  });

  it("sends nothing when the response is the one set", () => {
    expect(setCandidacyResponse({ ...shown, response: "interested" }, "interested", now)).toBeNull();
  });
});

describe("removeCandidacy", () => {
  it("deletes without a body and hides the candidate, with the server's error shown on refusal", () => {
    expect(removeCandidacy(shown)).toEqual({
      method: "DELETE",
      path,
      optimistic: [{ table: "candidacies", id: candidacy.id, next: null }],
    });
  });
});

const target = { workspaceId, projectId, firstStage: sourced };
const added = (personId: string): CandidacyRow => ({
  id: candidacyIdOf(projectId, personId),
  project_id: projectId,
  workspace_id: workspaceId,
  person_id: personId,
  stage_id: sourced.id,
  status: "Sourced",
  response: null,
  stage_entered_at: now.toISOString(),
  created_at: now.toISOString(),
  updated_at: now.toISOString(),
});

describe("assignPeople", () => {
  it("posts each person once and shows them in the first stage under the server's candidacy ids", () => {
    expect(assignPeople(target, [ann, bo, ann], new Set(), now)).toEqual([
      {
        method: "POST",
        path: `/workspaces/${workspaceId}/projects/${projectId}/assign_people`,
        body: { people_attributes: [{ person_id: ann }, { person_id: bo }] },
        optimistic: [
          { table: "candidacies", id: added(ann).id, next: added(ann) },
          { table: "candidacies", id: added(bo).id, next: added(bo) },
        ],
      },
    ]);
  });

  it("leaves out people already in the project, wherever they stand", () => {
    const [command] = assignPeople(target, [ann, bo], new Set([candidacyIdOf(projectId, ann)]), now);
    expect(command?.body).toEqual({ people_attributes: [{ person_id: bo }] });
    expect(command?.optimistic.map((change) => change.id)).toEqual([added(bo).id]);
  });

  it("sends nothing when everyone is in the project already", () => {
    expect(assignPeople(target, [ann], new Set([candidacyIdOf(projectId, ann)]), now)).toEqual([]);
  });

  it("sends more people than one call takes in several calls, in order", () => {
    const many = Array.from({ length: ASSIGN_PEOPLE_MAX + 1 }, (_, n) => uuid(n));
    const commands = assignPeople(target, many, new Set(), now);
    expect(commands.map((command) => command.optimistic.length)).toEqual([ASSIGN_PEOPLE_MAX, 1]);
    expect(commands[1]?.body).toEqual({ people_attributes: [{ person_id: uuid(ASSIGN_PEOPLE_MAX) }] });
  });
});

describe("exportPeopleToProject", () => {
  it("posts the workspace, the project and the people, and shows them in the project's first stage", () => {
    expect(exportPeopleToProject(target, [bo, ann], new Set(), now)).toEqual([
      {
        method: "POST",
        path: "/people/export_to_project",
        body: { workspace_id: workspaceId, project_id: projectId, people_ids: [bo, ann] },
        optimistic: [
          { table: "candidacies", id: added(bo).id, next: added(bo) },
          { table: "candidacies", id: added(ann).id, next: added(ann) },
        ],
      },
    ]);
  });

  it("sends nothing when everyone is in the project already", () => {
    expect(exportPeopleToProject(target, [bo], new Set([candidacyIdOf(projectId, bo)]), now)).toEqual([]);
  });

  it("sends more people than one call takes in several calls", () => {
    const many = Array.from({ length: 2 * ASSIGN_PEOPLE_MAX }, (_, n) => uuid(n));
    expect(exportPeopleToProject(target, many, new Set(), now).map((command) => command.optimistic.length)).toEqual([
      ASSIGN_PEOPLE_MAX,
      ASSIGN_PEOPLE_MAX,
    ]);
  });
});
