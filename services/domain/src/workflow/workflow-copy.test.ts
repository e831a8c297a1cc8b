import { DomainError } from "@hirestream/contracts/errors.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import { copyStageIdOf, workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import { type WorkflowEvent, type WorkflowStage, workflowEvent } from "@hirestream/contracts/workflows/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { ARCHIVED_READ_ONLY, type ExistingProject } from "../project/project.decider.ts";
import { type StageInput, type WorkflowCommand, type WorkflowContext, workflowDecider } from "./workflow.decider.ts";
import { assignableTemplate, copiedStages, templateSequenceOf, type WorkflowTemplate } from "./workflow-copy.ts";

const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const otherWorkspaceId = "9f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const templateId = "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const projectId = "0b9c2f6e-3f51-4c1a-9a4e-1d2f3a4b5c6d";
const otherProjectId = "7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a";
const actorId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const creatorId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
const copyId = workflowCopyIdOf(projectId, templateId);
const otherSequenceId = "55555555-5555-4555-8555-555555555555";
const unrelatedSequenceId = "66666666-6666-4666-8666-666666666666";
const now = new Date("2026-11-22T12:00:00Z");
const stageId = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`;

const stage = (n: number, position: number, fields: Partial<WorkflowStage> = {}): WorkflowStage => ({
  id: stageId(n),
  name: `Stage ${n}`,
  position,
  description: `Stage ${n}`,
  sequenceId: null,
  onResponseStageId: null,
  onResponseStagePosition: null,
  ...fields,
});

// Stored out of order on purpose: a copy is made in position order.
const template: WorkflowTemplate = {
  workflowId: templateId,
  workspaceId,
  name: "Engineering",
  description: "Hiring engineers",
  stages: [
    stage(2, 1),
    stage(1, 0, {
      sequenceId: "44444444-4444-4444-8444-444444444444",
      onResponseStageId: stageId(3),
      onResponseStagePosition: 2,
    }),
    stage(3, 2),
  ],
};

/** By default the actor's own project. */
const project = (fields: Partial<ExistingProject> = {}): ExistingProject => ({
  projectId,
  workspaceId,
  userId: actorId,
  name: "Backend hires",
  description: null,
  priority: "High",
  status: "Active",
  startDate: null,
  deadline: null,
  visible: true,
  workflowId: copyId,
  ...fields,
});

function as(role: WorkspaceRole | undefined, copy?: WorkflowContext["copy"]): WorkflowContext {
  return { now, actorId, workspaceRole: role, copy };
}
/** The actor in the copy's project: its creator, and so its first owner, unless `fields` names another. */
const withProject = (
  fields: Partial<ExistingProject> = {},
  occupied: string[] = [],
  role: WorkspaceRole = "collaborator",
  projectRole: ProjectRole | undefined = (fields.userId ?? actorId) === actorId ? "owner" : undefined,
) => as(role, { project: project(fields), projectRole, occupiedStageIds: new Set(occupied) });

const copy = (projectOf = projectId): WorkflowCommand => ({
  type: "CopyWorkflowTemplate",
  data: { workflowId: copyId, projectId: projectOf, template },
});
const copied: WorkflowEvent = {
  type: "WorkflowCreated",
  data: {
    workflowId: copyId,
    workspaceId,
    userId: actorId,
    name: "Engineering",
    description: "Hiring engineers",
    stages: copiedStages(template.stages, copyId),
    projectId,
    templateId,
  },
};
/** The same copy, assigned by someone else than the actor. */
const copiedByOther: WorkflowEvent = { ...copied, data: { ...copied.data, userId: creatorId } } as WorkflowEvent;
const removed: WorkflowEvent = { type: "WorkflowRemoved", data: { workflowId: copyId, workspaceId } };

/** The stages sent back as an edit form sends them: unchanged but for what the test changes. */
const keep = (stages: readonly WorkflowStage[]): StageInput[] =>
  stages.map(({ id, name, position, description, sequenceId, onResponseStageId }) => ({
    id,
    name,
    position,
    description,
    sequenceId,
    onResponseStageId,
  }));
const update = (stages: StageInput[]): WorkflowCommand => ({ type: "UpdateWorkflow", data: { workspaceId, stages } });
const remove: WorkflowCommand = { type: "RemoveWorkflow", data: { workspaceId } };

function when(given: WorkflowEvent[], command: WorkflowCommand, context: WorkflowContext): WorkflowEvent[] {
  const events = workflowDecider.decide(fold(workflowDecider, given), command, context);
  for (const event of events) workflowEvent.parse(event);
  return events;
}

function rejection(given: WorkflowEvent[], command: WorkflowCommand, context: WorkflowContext) {
  try {
    workflowDecider.decide(fold(workflowDecider, given), command, context);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, message: error.message, pointer: error.pointer };
  }
  throw new Error(`expected ${command.type} to be rejected, but it was accepted`);
}

const notFound = { code: "NOT_FOUND", message: "Workflow not found", pointer: undefined };
const notTheirs = { code: "FORBIDDEN", message: "Your role does not allow changing this workflow", pointer: undefined };

describe("copiedStages", () => {
  const stages = copiedStages(template.stages, copyId);

  it("keeps the template's stages in position order, under the ids the browser derives too", () => {
    expect(stages.map((s) => [s.name, s.position])).toEqual([
      ["Stage 1", 0],
      ["Stage 2", 1],
      ["Stage 3", 2],
    ]);
    expect(stages.map((s) => s.id)).toEqual([1, 2, 3].map((n) => copyStageIdOf(copyId, stageId(n))));
  });

  it("points a follow-up at the copy's stage in the same position, keeping the sequence", () => {
    const [first, , third] = stages;
    expect(first).toMatchObject({
      onResponseStageId: third?.id,
      onResponseStagePosition: 2,
      sequenceId: "44444444-4444-4444-8444-444444444444",
    });
  });

  it("with the project's own sequence, the stages that start the one it replaces start it instead", () => {
    const ownSequence = { replaces: "44444444-4444-4444-8444-444444444444", sequenceId: otherSequenceId };
    const withOwn = copiedStages(
      [...template.stages, stage(4, 3, { sequenceId: unrelatedSequenceId })],
      copyId,
      ownSequence,
    );
    expect(withOwn.map((s) => s.sequenceId)).toEqual([otherSequenceId, null, null, unrelatedSequenceId]);
  });

  it("gives two projects' copies different stage ids", () => {
    const other = copiedStages(template.stages, workflowCopyIdOf(otherProjectId, templateId));
    expect(other.map((s) => s.id).filter((id) => stages.some((s) => s.id === id))).toEqual([]);
  });
});

describe("templateSequenceOf", () => {
  it("is the sequence of the first stage, by position, that starts one", () => {
    const later = stage(4, 3, { sequenceId: unrelatedSequenceId });
    expect(templateSequenceOf([later, ...template.stages])).toBe("44444444-4444-4444-8444-444444444444");
    expect(templateSequenceOf([stage(2, 1), later])).toBe(unrelatedSequenceId);
    expect(templateSequenceOf([stage(2, 1), stage(3, 2)])).toBeNull();
  });
});

describe("assignableTemplate", () => {
  const templateCreated: WorkflowEvent = {
    type: "WorkflowCreated",
    data: { ...template, stages: [...template.stages], userId: creatorId },
  };

  it("answers a template of the workspace", () => {
    expect(assignableTemplate(fold(workflowDecider, [templateCreated]), workspaceId)).toEqual(template);
  });

  it("an unknown, removed or other workspace's workflow is unknown", () => {
    const templateRemoved: WorkflowEvent = { type: "WorkflowRemoved", data: { workflowId: templateId, workspaceId } };
    expect(assignableTemplate(fold(workflowDecider, []), workspaceId)).toBe("unknown");
    expect(assignableTemplate(fold(workflowDecider, [templateCreated, templateRemoved]), workspaceId)).toBe("unknown");
    expect(assignableTemplate(fold(workflowDecider, [templateCreated]), otherWorkspaceId)).toBe("unknown");
  });

  it("a project's copy is not a template", () => {
    expect(assignableTemplate(fold(workflowDecider, [copied]), workspaceId)).toBe("copy");
  });
});

describe("CopyWorkflowTemplate", () => {
  it("makes the project's copy: the template's name, description and stages, marked with the project", () => {
    expect(when([], copy(), as("collaborator"))).toEqual([copied]);
  });

  it("the same copy asked for again (a retried request) changes nothing", () => {
    expect(when([copied], copy(), as("owner"))).toEqual([]);
  });

  it("a copy removed earlier is made afresh when the template is assigned again", () => {
    expect(when([copied, removed], copy(), as("owner"))).toEqual([copied]);
  });

  it("with the project's own sequence, the copy's stage starts it in place of the template's", () => {
    const ownSequence = { replaces: "44444444-4444-4444-8444-444444444444", sequenceId: otherSequenceId };
    const command: WorkflowCommand = {
      type: "CopyWorkflowTemplate",
      data: { workflowId: copyId, projectId, template, ownSequence },
    };
    const [event] = when([], command, as("owner"));
    expect(event?.type === "WorkflowCreated" && event.data.stages.map((s) => s.sequenceId)).toEqual([
      otherSequenceId,
      null,
      null,
    ]);
  });

  it("an id held by another project's copy is refused", () => {
    expect(rejection([copied], copy(otherProjectId), as("owner")).code).toBe("ALREADY_EXISTS");
  });

  it("is made for any member, the project having checked who may edit it; a stranger finds no workspace", () => {
    expect(when([], copy(), as("viewer"))).toHaveLength(1);
    expect(rejection([], copy(), as(undefined))).toMatchObject({ code: "NOT_FOUND", message: "Workspace not found" });
  });

  it("folds into a workflow that knows its project and its template", () => {
    expect(fold(workflowDecider, [copied])).toMatchObject({ status: "active", projectId, templateId });
  });
});

describe("editing a project's copy", () => {
  const stages = copiedStages(template.stages, copyId);
  const [first, second, third] = stages;
  const fourth: StageInput = { id: stageId(9), name: "Offer", position: 3 };

  it("works as for a template", () => {
    const next = [...keep(stages), fourth];
    expect(when([copied], update(next), withProject())).toEqual([
      {
        type: "WorkflowStagesChanged",
        data: {
          workflowId: copyId,
          workspaceId,
          stages: [...stages, { ...stage(9, 3), name: "Offer", description: "Offer" }],
        },
      },
    ]);
  });

  it("is refused while its project is archived", () => {
    expect(rejection([copied], update(keep(stages)), withProject({ status: "Archived" }))).toEqual({
      code: "VALIDATION",
      message: ARCHIVED_READ_ONLY,
      pointer: undefined,
    });
  });

  it("is not found once its project is removed, or for those who may not see a hidden project", () => {
    const gone = as("owner", { project: null, projectRole: undefined, occupiedStageIds: new Set() });
    expect(rejection([copied], update(keep(stages)), gone)).toEqual(notFound);
    expect(rejection([copied], update(keep(stages)), as("owner"))).toEqual(notFound);
    expect(rejection([copied], update(keep(stages)), withProject({ visible: false, userId: creatorId }))).toEqual(
      notFound,
    );
    expect(when([copied], update(keep(stages)), withProject({ visible: false }))).toEqual([]);
  });

  it("a saved stage may not be dropped, even an empty one; it may be renamed and moved", () => {
    const dropped = keep([first, third].flatMap((s) => (s ? [s] : []))).concat(fourth);
    expect(rejection([copied], update(dropped), withProject())).toEqual({
      code: "VALIDATION",
      message: "Stage Stage 2 is saved and cannot be removed",
      pointer: "/data/attributes/stages_attributes",
    });
    const renamed = keep(stages).map((s) => (s.id === second?.id ? { ...s, name: "Screen", position: 0 } : s));
    renamed[0] = { ...(renamed[0] as StageInput), position: 1 };
    expect(when([copied], update(renamed), withProject({}, [second?.id ?? ""]))).toHaveLength(1);
  });
});

describe("who manages a project's copy: whoever manages its project", () => {
  const stages = copiedStages(template.stages, copyId);
  const rename: WorkflowCommand = { type: "UpdateWorkflow", data: { workspaceId, name: "Backend" } };
  const renamed: WorkflowEvent = {
    type: "WorkflowRenamed",
    data: { workflowId: copyId, workspaceId, name: "Backend" },
  };

  it("the collaborator who created the project, even when someone else assigned the copy", () => {
    expect(when([copiedByOther], rename, withProject())).toEqual([renamed]);
    expect(when([copiedByOther], remove, withProject())).toEqual([removed]);
  });

  it("not a collaborator of someone else's project, even one who assigned the copy", () => {
    const theirs = withProject({ userId: creatorId }, [], "collaborator", "collaborator");
    expect(rejection([copied], rename, theirs)).toEqual(notTheirs);
    expect(rejection([copied], update(keep(stages)), theirs)).toEqual(notTheirs);
    expect(rejection([copied], remove, theirs)).toEqual(notTheirs);
  });

  it("a workspace collaborator outside someone else's project learns nothing of its copy", () => {
    expect(rejection([copied], rename, withProject({ userId: creatorId }))).toEqual(notFound);
  });

  for (const role of ["owner", "manager"] as const) {
    it(`a workspace ${role}, in anyone's project`, () => {
      expect(when([copiedByOther], rename, withProject({ userId: creatorId }, [], role))).toEqual([renamed]);
    });
  }

  it("refused before the archived project is judged", () => {
    const archived = withProject({ userId: creatorId, status: "Archived" }, [], "collaborator", "collaborator");
    expect(rejection([copied], rename, archived)).toEqual(notTheirs);
  });
});

describe("removing a project's copy", () => {
  it("removes it when its project has no candidates", () => {
    expect(when([copied], remove, withProject())).toEqual([removed]);
  });

  it("is refused while the project has candidates", () => {
    expect(rejection([copied], remove, withProject({}, [stageId(50)]))).toEqual({
      code: "VALIDATION",
      message: "Remove the project's people before removing its workflow",
      pointer: undefined,
    });
  });

  it("is refused while its project is archived, and not found once it is removed", () => {
    expect(rejection([copied], remove, withProject({ status: "Archived" })).message).toBe(ARCHIVED_READ_ONLY);
    expect(
      rejection([copied], remove, as("owner", { project: null, projectRole: undefined, occupiedStageIds: new Set() })),
    ).toEqual(notFound);
  });

  it("a workspace viewer who owns the project may; one who views it, or is outside it, is refused (403)", () => {
    expect(when([copied], remove, withProject({}, [], "viewer"))).toEqual([removed]);
    expect(rejection([copied], remove, withProject({}, [], "viewer", "viewer")).code).toBe("FORBIDDEN");
    expect(rejection([copied], remove, withProject({ userId: creatorId }, [], "viewer")).code).toBe("FORBIDDEN");
  });
});
