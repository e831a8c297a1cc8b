import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { candidacyMessages } from "@hirestream/contracts/candidacies/commands.ts";
import type { CandidacyEvent } from "@hirestream/contracts/candidacies/events.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { ARCHIVED_READ_ONLY, type ExistingProject } from "../project/project.decider.ts";
import { rejection } from "../testing/rejection.ts";
import {
  type CandidacyCommand,
  type CandidacyContext,
  candidacyDecider,
  type PipelineStage,
} from "./candidacy.decider.ts";

const projectId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const otherProjectId = "8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e";
const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const creatorId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const actorId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
const personId = "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const candidacyId = candidacyIdOf(projectId, personId);
const now = new Date("2026-11-22T12:00:00.000Z");
const at = now.toISOString();
const earlier = "2026-11-20T09:00:00.000Z";

const stages: PipelineStage[] = [
  { id: "e0000000-0000-4000-8000-000000000002", name: "Contacted", position: 1 },
  { id: "e0000000-0000-4000-8000-000000000001", name: "Sourced", position: 0 },
  { id: "e0000000-0000-4000-8000-000000000003", name: "Interview", position: 2 },
];
const [contacted, sourced, interview] = stages as [PipelineStage, PipelineStage, PipelineStage];

const project: ExistingProject = {
  projectId,
  workspaceId,
  userId: creatorId,
  name: "Backend hires",
  description: null,
  priority: "High",
  status: "Active",
  startDate: null,
  deadline: null,
  visible: true,
  workflowId: "4e8a6b6b-9d4c-4f4b-b0ad-5c4f6e7d8b92",
};

function as(
  role: WorkspaceRole | undefined,
  fields: {
    project?: Partial<ExistingProject> | null;
    stages?: PipelineStage[] | null;
    actor?: string | null;
    projectRole?: ProjectRole;
  } = {},
): CandidacyContext {
  return {
    projectRole: fields.projectRole,
    now,
    actorId: fields.actor === undefined ? actorId : fields.actor,
    workspaceRoles: new Map(role ? [[workspaceId, role]] : []),
    project: fields.project === null ? null : { ...project, ...fields.project },
    stages: fields.stages === undefined ? stages : fields.stages,
  };
}

const added = (stage: PipelineStage = sourced, when = earlier): CandidacyEvent => ({
  type: "CandidacyAdded",
  data: { candidacyId, projectId, workspaceId, personId, stageId: stage.id, stageName: stage.name, at: when },
});
const moved = (from: PipelineStage, to: PipelineStage, when = earlier): CandidacyEvent => ({
  type: "CandidacyMoved",
  data: {
    candidacyId,
    projectId,
    workspaceId,
    fromStageId: from.id,
    toStageId: to.id,
    toStageName: to.name,
    at: when,
  },
});
const answered = (response: "interested" | "not_interested" | "follow_up"): CandidacyEvent => ({
  type: "CandidacyResponseSet",
  data: { candidacyId, projectId, workspaceId, response },
});
const removed = (when = earlier): CandidacyEvent => ({
  type: "CandidacyRemoved",
  data: { candidacyId, projectId, workspaceId, at: when },
});

const add = (stageId?: string | null): CandidacyCommand => ({
  type: "AddCandidacy",
  data: { personId, ...(stageId !== undefined ? { stageId } : {}) },
});
const move = (stageId: string): CandidacyCommand => ({ type: "MoveCandidacy", data: { stageId } });
const respond = (response: "interested" | "not_interested" | "follow_up"): CandidacyCommand => ({
  type: "SetCandidacyResponse",
  data: { response },
});
const remove: CandidacyCommand = { type: "RemoveCandidacy" };

function decide(history: CandidacyEvent[], command: CandidacyCommand, context: CandidacyContext) {
  return candidacyDecider.decide(fold(candidacyDecider, history), command, context);
}

const everyCommand: [string, CandidacyEvent[], CandidacyCommand][] = [
  ["AddCandidacy", [], add()],
  ["MoveCandidacy", [added()], move(contacted.id)],
  ["SetCandidacyResponse", [added()], respond("interested")],
  ["RemoveCandidacy", [added()], remove],
];

describe("AddCandidacy", () => {
  it("puts the person into the workflow's position-0 stage when no stage is named, at the decision's time", () => {
    expect(decide([], add(), as("collaborator", { projectRole: "collaborator" }))).toEqual([added(sourced, at)]);
  });

  it("takes a null stage as none named", () => {
    expect(decide([], add(null), as("owner"))).toEqual([added(sourced, at)]);
  });

  it("puts the person into the stage named when it is one of the project's", () => {
    expect(decide([], add(interview.id), as("manager"))).toEqual([added(interview, at)]);
  });

  it("names the candidacy by the project and the person", () => {
    const [event] = decide([], add(), as("owner"));
    expect(event?.data.candidacyId).toBe(candidacyIdOf(projectId, personId));
  });

  it("refuses a stage of another workflow, pointing at stage_id", () => {
    expect(rejection(() => decide([], add("e0000000-0000-4000-8000-000000000009"), as("owner")))).toEqual({
      code: "VALIDATION",
      detail: candidacyMessages.notAStage,
      pointer: "/data/attributes/stage_id",
    });
  });

  it("refuses a project without a workflow", () => {
    expect(rejection(() => decide([], add(), as("owner", { stages: null })))).toEqual({
      code: "VALIDATION",
      detail: "Assign a workflow to the project first",
      pointer: undefined,
    });
  });

  it("refuses a workflow without stages as a project without a workflow", () => {
    expect(rejection(() => decide([], add(), as("owner", { stages: [] }))).detail).toBe(candidacyMessages.noWorkflow);
  });

  it("adds nothing for a person already in the project, even into another stage", () => {
    expect(decide([added()], add(), as("owner"))).toEqual([]);
    expect(decide([added()], add(interview.id), as("owner"))).toEqual([]);
    expect(decide([added(), moved(sourced, contacted)], add(), as("owner"))).toEqual([]);
  });

  it("still refuses a foreign stage for a person already in the project", () => {
    expect(rejection(() => decide([added()], add("e0000000-0000-4000-8000-000000000009"), as("owner"))).code).toBe(
      "VALIDATION",
    );
  });

  it("adds a removed candidate again, afresh", () => {
    expect(decide([added(), answered("interested"), removed()], add(contacted.id), as("owner"))).toEqual([
      added(contacted, at),
    ]);
  });
});

describe("MoveCandidacy", () => {
  it("records the move from the current stage to the named one with its time", () => {
    expect(decide([added()], move(interview.id), as("collaborator", { projectRole: "collaborator" }))).toEqual([
      moved(sourced, interview, at),
    ]);
  });

  it("moves from wherever earlier moves left the candidate", () => {
    expect(decide([added(), moved(sourced, contacted)], move(sourced.id), as("owner"))).toEqual([
      moved(contacted, sourced, at),
    ]);
  });

  it("records nothing when the candidate is already in that stage", () => {
    expect(decide([added()], move(sourced.id), as("owner"))).toEqual([]);
    expect(decide([added(), moved(sourced, interview)], move(interview.id), as("owner"))).toEqual([]);
  });

  it("refuses a stage that is not the project's", () => {
    expect(rejection(() => decide([added()], move("e0000000-0000-4000-8000-000000000009"), as("owner")))).toEqual({
      code: "VALIDATION",
      detail: candidacyMessages.notAStage,
      pointer: "/data/attributes/stage_id",
    });
  });

  it("refuses when the project has lost its workflow", () => {
    expect(rejection(() => decide([added()], move(contacted.id), as("owner", { stages: null }))).detail).toBe(
      candidacyMessages.noWorkflow,
    );
  });

  it("cannot move a candidate who was never added, or was removed: not found", () => {
    expect(rejection(() => decide([], move(contacted.id), as("owner"))).code).toBe("NOT_FOUND");
    expect(rejection(() => decide([added(), removed()], move(contacted.id), as("owner"))).code).toBe("NOT_FOUND");
  });

  it("cannot move a candidate of another project through this one", () => {
    const context = as("owner", { project: { projectId: otherProjectId } });
    expect(rejection(() => decide([added()], move(contacted.id), context)).code).toBe("NOT_FOUND");
  });
});

describe("the outreach engine's move to the on-response stage", () => {
  const engine = (fields: Parameters<typeof as>[1] = {}): CandidacyContext => ({
    ...as(undefined, { actor: null, ...fields }),
    engine: true,
  });

  it("moves the candidate with no one's role", () => {
    expect(decide([added()], move(interview.id), engine())).toEqual([moved(sourced, interview, at)]);
  });

  it("leaves an archived project as it is", () => {
    expect(
      rejection(() => decide([added()], move(interview.id), engine({ project: { status: "Archived" } }))).detail,
    ).toBe(ARCHIVED_READ_ONLY);
  });

  it("is no one's way around the roles: a signed-in actor is still asked for theirs", () => {
    const context = { ...as(undefined), engine: true };
    expect(rejection(() => decide([added()], move(interview.id), context)).code).toBe("NOT_FOUND");
  });
});

describe("SetCandidacyResponse", () => {
  it.each(["interested", "not_interested", "follow_up"] as const)("records the response %s", (response) => {
    expect(decide([added()], respond(response), as("collaborator", { projectRole: "collaborator" }))).toEqual([
      answered(response),
    ]);
  });

  it("records a changed response and nothing for the same one", () => {
    expect(decide([added(), answered("follow_up")], respond("interested"), as("owner"))).toEqual([
      answered("interested"),
    ]);
    expect(decide([added(), answered("interested")], respond("interested"), as("owner"))).toEqual([]);
  });

  it("forgets the response of an earlier candidacy once the person is added again", () => {
    expect(decide([added(), answered("interested"), removed(), added()], respond("interested"), as("owner"))).toEqual([
      answered("interested"),
    ]);
  });

  it("needs no workflow: a candidate of a project that lost it can still be answered for", () => {
    expect(decide([added()], respond("follow_up"), as("owner", { stages: null }))).toEqual([answered("follow_up")]);
  });

  it("refuses an unknown or removed candidate", () => {
    expect(rejection(() => decide([], respond("interested"), as("owner"))).code).toBe("NOT_FOUND");
    expect(rejection(() => decide([added(), removed()], respond("interested"), as("owner"))).code).toBe("NOT_FOUND");
  });
});

describe("RemoveCandidacy", () => {
  it("takes the candidate out of the project with its time", () => {
    expect(decide([added()], remove, as("collaborator", { projectRole: "collaborator" }))).toEqual([removed(at)]);
  });

  it("works without a workflow", () => {
    expect(decide([added()], remove, as("owner", { stages: null }))).toEqual([removed(at)]);
  });

  it("refuses a candidate already removed, or never added", () => {
    expect(rejection(() => decide([added(), removed()], remove, as("owner"))).code).toBe("NOT_FOUND");
    expect(rejection(() => decide([], remove, as("owner"))).code).toBe("NOT_FOUND");
  });
});

describe("who may change a pipeline", () => {
  it.each(everyCommand)("%s: owners and managers of the workspace may, members or not", (_name, history, command) => {
    for (const role of ["owner", "manager"] as const) {
      expect(decide(history, command, as(role)).length).toBe(1);
      expect(decide(history, command, as(role, { projectRole: "viewer" })).length).toBe(1);
    }
  });

  it.each(everyCommand)("%s: the project's owners, managers and collaborators may", (_name, history, command) => {
    for (const projectRole of ["owner", "manager", "collaborator"] as const) {
      for (const role of ["collaborator", "viewer"] as const) {
        expect(decide(history, command, as(role, { projectRole })).length).toBe(1);
      }
    }
  });

  it.each(everyCommand)("%s: the project's viewer may not (403)", (_name, history, command) => {
    expect(rejection(() => decide(history, command, as("collaborator", { projectRole: "viewer" }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it.each(everyCommand)(
    "%s: a workspace collaborator or viewer who is not a member learns nothing (404)",
    (_name, history, command) => {
      for (const role of ["collaborator", "viewer"] as const) {
        expect(rejection(() => decide(history, command, as(role))).code).toBe("NOT_FOUND");
      }
    },
  );

  it.each(everyCommand)("%s: someone outside the workspace learns nothing (404)", (_name, history, command) => {
    expect(rejection(() => decide(history, command, as(undefined)))).toEqual({
      code: "NOT_FOUND",
      detail: "Project not found",
      pointer: undefined,
    });
  });

  it.each(everyCommand)("%s: an unknown or removed project is not found", (_name, history, command) => {
    expect(rejection(() => decide(history, command, as("owner", { project: null }))).code).toBe("NOT_FOUND");
  });

  it.each(everyCommand)("%s: a hidden project is not found but for its members", (_name, history, command) => {
    const hidden = { visible: false };
    expect(rejection(() => decide(history, command, as("manager", { project: hidden }))).code).toBe("NOT_FOUND");
    const asOwner = as("collaborator", { project: hidden, projectRole: "owner" });
    expect(decide(history, command, asOwner).length).toBe(1);
  });

  it.each(everyCommand)("%s: an archived project refuses with the spec's words (422)", (_name, history, command) => {
    expect(rejection(() => decide(history, command, as("owner", { project: { status: "Archived" } })))).toEqual({
      code: "VALIDATION",
      detail: ARCHIVED_READ_ONLY,
      pointer: undefined,
    });
  });

  it.each(everyCommand)("%s: an inactive project is still worked", (_name, history, command) => {
    expect(decide(history, command, as("owner", { project: { status: "Inactive" } })).length).toBe(1);
  });

  it("checks the role before the project's state: a viewer of an archived project is refused as a viewer", () => {
    const context = as("viewer", { project: { status: "Archived" }, projectRole: "viewer" });
    expect(rejection(() => decide([added()], remove, context)).code).toBe("FORBIDDEN");
  });

  it("checks permission before the candidacy: a stranger asking for a missing candidate gets the project's 404", () => {
    expect(rejection(() => decide([], remove, as(undefined))).detail).toBe("Project not found");
  });

  it.each(everyCommand)("%s: without a signed-in actor nothing happens", (_name, history, command) => {
    expect(rejection(() => decide(history, command, as("owner", { actor: null }))).code).toBe("UNAUTHENTICATED");
  });
});

describe("evolve", () => {
  it("follows the candidacy's stage, response and removal", () => {
    const state = fold(candidacyDecider, [added(), moved(sourced, interview), answered("follow_up")]);
    expect(state).toEqual({
      status: "active",
      candidacy: {
        candidacyId,
        projectId,
        workspaceId,
        personId,
        stageId: interview.id,
        stageName: "Interview",
        response: "follow_up",
      },
    });
    expect(fold(candidacyDecider, [added(), removed()]).status).toBe("removed");
  });

  it("ignores changes to a removed candidacy until it is added again", () => {
    const state = fold(candidacyDecider, [added(), removed(), moved(sourced, interview), answered("interested")]);
    expect(state).toEqual({
      status: "removed",
      candidacy: {
        candidacyId,
        projectId,
        workspaceId,
        personId,
        stageId: sourced.id,
        stageName: "Sourced",
        response: null,
      },
    });
  });
});
