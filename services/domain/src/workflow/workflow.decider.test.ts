import { DomainError } from "@hirestream/contracts/errors.ts";
import { type WorkflowEvent, type WorkflowStage, workflowEvent } from "@hirestream/contracts/workflows/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { type StageInput, type WorkflowCommand, type WorkflowContext, workflowDecider } from "./workflow.decider.ts";

const workflowId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const otherWorkspaceId = "9f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const actorId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const creatorId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
const now = new Date("2026-11-22T12:00:00Z");
const stageId = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`;

function as(role: WorkspaceRole | undefined, actor: string | null = actorId): WorkflowContext {
  return { now, actorId: actor, workspaceRole: role };
}

const input = (n: number, fields: Partial<StageInput> = {}): StageInput => ({
  id: stageId(n),
  position: n - 1,
  name: `Stage ${n}`,
  ...fields,
});
const stage = (n: number, fields: Partial<WorkflowStage> = {}): WorkflowStage => ({
  id: stageId(n),
  name: `Stage ${n}`,
  position: n - 1,
  description: `Stage ${n}`,
  sequenceId: null,
  onResponseStageId: null,
  onResponseStagePosition: null,
  ...fields,
});

const created: WorkflowEvent = {
  type: "WorkflowCreated",
  data: {
    workflowId,
    workspaceId,
    userId: creatorId,
    name: "Engineering",
    description: "Hiring engineers",
    stages: [stage(1), stage(2), stage(3)],
  },
};

const create = (data: Partial<Extract<WorkflowCommand, { type: "CreateWorkflow" }>["data"]> = {}): WorkflowCommand => ({
  type: "CreateWorkflow",
  data: { workflowId, workspaceId, name: "Engineering", stages: [input(1), input(2), input(3)], ...data },
});
const update = (data: Omit<Extract<WorkflowCommand, { type: "UpdateWorkflow" }>["data"], "workspaceId">) =>
  ({ type: "UpdateWorkflow", data: { workspaceId, ...data } }) as WorkflowCommand;
const remove = (inWorkspace = workspaceId): WorkflowCommand => ({
  type: "RemoveWorkflow",
  data: { workspaceId: inWorkspace },
});

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

const invalid = (message: string, pointer: string) => ({
  code: "VALIDATION",
  message,
  pointer: `/data/attributes/${pointer}`,
});
const notFound = { code: "NOT_FOUND", message: "Workflow not found", pointer: undefined };
const workspaceNotFound = { code: "NOT_FOUND", message: "Workspace not found", pointer: undefined };
const forbidden = { code: "FORBIDDEN", message: "Your role does not allow this", pointer: undefined };
const notTheirs = { code: "FORBIDDEN", message: "Your role does not allow changing this workflow", pointer: undefined };
const writers = ["owner", "manager", "collaborator"] as const;
/** The same workflow, created by the actor. */
const createdByActor: WorkflowEvent = { ...created, data: { ...created.data, userId: actorId } } as WorkflowEvent;

describe("CreateWorkflow", () => {
  for (const role of writers) {
    it(`a workspace ${role} creates a template with its stages numbered from 0`, () => {
      expect(when([], create({ description: "  Hiring engineers " }), as(role))).toEqual([
        { ...created, data: { ...created.data, userId: actorId } },
      ]);
    });
  }

  it("a viewer may not create a workflow", () => {
    expect(rejection([], create(), as("viewer"))).toEqual(forbidden);
  });

  it("someone outside the workspace cannot find it", () => {
    expect(rejection([], create(), as(undefined))).toEqual(workspaceNotFound);
  });

  it("nobody may create a workflow without being signed in", () => {
    expect(rejection([], create(), as("owner", null)).code).toBe("UNAUTHENTICATED");
  });

  it("a viewer is refused before the input is judged", () => {
    expect(rejection([], create({ name: "" }), as("viewer"))).toEqual(forbidden);
  });

  it("a workflow id already used may not be created again, even after removal", () => {
    expect(rejection([created], create(), as("owner")).code).toBe("ALREADY_EXISTS");
    const removed: WorkflowEvent = { type: "WorkflowRemoved", data: { workflowId, workspaceId } };
    expect(rejection([created, removed], create(), as("owner")).code).toBe("ALREADY_EXISTS");
  });

  it("the name is trimmed and the description defaults to empty", () => {
    const [event] = when([], create({ name: "  Sales  " }), as("owner"));
    expect(event?.data).toMatchObject({ name: "Sales", description: "" });
  });

  for (const name of ["", "   "]) {
    it(`a blank name (${JSON.stringify(name)}) is required`, () => {
      expect(rejection([], create({ name }), as("owner"))).toEqual(invalid("This field is required", "name"));
    });
  }

  it("a name of 50 characters is accepted, 51 is too long", () => {
    expect(when([], create({ name: "n".repeat(50) }), as("owner"))).toHaveLength(1);
    expect(rejection([], create({ name: "n".repeat(51) }), as("owner"))).toEqual(
      invalid("is too long (maximum is 50 characters)", "name"),
    );
  });

  it("fewer than 3 stages are refused", () => {
    expect(rejection([], create({ stages: [input(1), input(2)] }), as("owner"))).toEqual(
      invalid("must have at least 3 stages", "stages_attributes"),
    );
  });

  it("a blank stage name is required, pointing at that stage", () => {
    const stages = [input(1), input(2, { name: "  " }), input(3)];
    expect(rejection([], create({ stages }), as("owner"))).toEqual(
      invalid("This field is required", "stages_attributes/1/name"),
    );
  });

  it("a stage name of 40 characters is accepted, 41 is too long", () => {
    const fits = [input(1, { name: "s".repeat(40) }), input(2), input(3)];
    expect(when([], create({ stages: fits }), as("owner"))).toHaveLength(1);
    const over = [input(1), input(2), input(3, { name: "s".repeat(41) })];
    expect(rejection([], create({ stages: over }), as("owner"))).toEqual(
      invalid("is too long (maximum is 40 characters)", "stages_attributes/2/name"),
    );
  });

  it("stages are ordered by the positions sent and renumbered from 0", () => {
    const stages = [input(1, { position: 7 }), input(2, { position: 3 }), input(3, { position: 5 })];
    const [event] = when([], create({ stages }), as("owner"));
    expect(event?.type === "WorkflowCreated" && event.data.stages.map((s) => [s.id, s.position])).toEqual([
      [stageId(2), 0],
      [stageId(3), 1],
      [stageId(1), 2],
    ]);
  });

  it("without positions, stages keep the order sent", () => {
    const stages = [
      input(3, { position: undefined }),
      input(1, { position: undefined }),
      input(2, { position: undefined }),
    ];
    const [event] = when([], create({ stages }), as("owner"));
    expect(event?.type === "WorkflowCreated" && event.data.stages.map((s) => s.id)).toEqual([
      stageId(3),
      stageId(1),
      stageId(2),
    ]);
  });

  it("two stages sent at one position are refused", () => {
    const stages = [input(1), input(2, { position: 0 }), input(3)];
    expect(rejection([], create({ stages }), as("owner"))).toEqual(
      invalid("has already been taken", "stages_attributes/1/position"),
    );
  });

  it("two stages with one id are refused", () => {
    const stages = [input(1), input(2, { id: stageId(1) }), input(3)];
    expect(rejection([], create({ stages }), as("owner"))).toEqual(
      invalid("has already been taken", "stages_attributes/1/id"),
    );
  });

  it("a stage's sequence and its follow-up stage (by the position sent) are kept, renumbered", () => {
    const sequenceId = "5f9b7c7c-ae5d-4a5c-81be-6d5a7f8e9ca3";
    const stages = [
      input(1, { position: 1, sequenceId, onResponseStagePosition: 3 }),
      input(2, { position: 2 }),
      input(3, { position: 3, description: " Final call " }),
    ];
    const [event] = when([], create({ stages }), as("owner"));
    expect(event?.type === "WorkflowCreated" && event.data.stages).toEqual([
      stage(1, { sequenceId, onResponseStageId: stageId(3), onResponseStagePosition: 2 }),
      stage(2),
      stage(3, { description: "Final call" }),
    ]);
  });

  it("a stage's sequence must be one of the workspace's, checked after the role", () => {
    const sequenceId = "5f9b7c7c-ae5d-4a5c-81be-6d5a7f8e9ca3";
    const stages = [input(1), input(2, { sequenceId, sequenceOfWorkspace: false }), input(3)];
    expect(rejection([], create({ stages }), as("owner"))).toEqual(
      invalid("must be a sequence of this workspace", "stages_attributes/1/sequence_id"),
    );
    expect(rejection([], create({ stages }), as("viewer")).code).toBe("FORBIDDEN");
    const known = [input(1), input(2, { sequenceId, sequenceOfWorkspace: true }), input(3)];
    expect(when([], create({ stages: known }), as("owner"))).toHaveLength(1);
  });

  it("a follow-up stage may be named by id", () => {
    const stages = [input(1, { onResponseStageId: stageId(2) }), input(2), input(3)];
    const [event] = when([], create({ stages }), as("owner"));
    expect(event?.type === "WorkflowCreated" && event.data.stages[0]).toEqual(
      stage(1, { onResponseStageId: stageId(2), onResponseStagePosition: 1 }),
    );
  });

  it("a follow-up position that names no stage is refused", () => {
    const stages = [input(1), input(2, { onResponseStagePosition: 9 }), input(3)];
    expect(rejection([], create({ stages }), as("owner"))).toEqual(
      invalid("must name another stage of this workflow", "stages_attributes/1/on_response_stage_position"),
    );
  });

  it("a stage may not follow up to itself", () => {
    const stages = [input(1, { onResponseStagePosition: 0 }), input(2), input(3)];
    expect(rejection([], create({ stages }), as("owner")).pointer).toBe(
      "/data/attributes/stages_attributes/0/on_response_stage_position",
    );
    const byId = [input(1), input(2), input(3, { onResponseStageId: stageId(3) })];
    expect(rejection([], create({ stages: byId }), as("owner")).pointer).toBe(
      "/data/attributes/stages_attributes/2/on_response_stage_id",
    );
  });

  it("a follow-up id that names no stage of the list is refused", () => {
    const stages = [input(1, { onResponseStageId: stageId(9) }), input(2), input(3)];
    expect(rejection([], create({ stages }), as("owner")).pointer).toBe(
      "/data/attributes/stages_attributes/0/on_response_stage_id",
    );
  });
});

describe("UpdateWorkflow", () => {
  const renamed: WorkflowEvent[] = [
    { type: "WorkflowRenamed", data: { workflowId, workspaceId, name: "Sales" } },
    { type: "WorkflowDescriptionChanged", data: { workflowId, workspaceId, description: "Selling" } },
  ];

  for (const role of ["owner", "manager"] as const) {
    it(`a ${role} renames anyone's workflow and changes its description`, () => {
      expect(when([created], update({ name: " Sales ", description: "Selling" }), as(role))).toEqual(renamed);
    });
  }

  it("a collaborator edits a workflow they created", () => {
    expect(when([createdByActor], update({ name: "Sales", description: "Selling" }), as("collaborator"))).toEqual(
      renamed,
    );
  });

  it("a collaborator may not edit a workflow someone else created", () => {
    expect(rejection([created], update({ name: "Sales" }), as("collaborator"))).toEqual(notTheirs);
  });

  it("a viewer may not edit a workflow", () => {
    expect(rejection([created], update({ name: "Sales" }), as("viewer"))).toEqual(forbidden);
  });

  it("someone outside the workspace cannot find it", () => {
    expect(rejection([created], update({ name: "Sales" }), as(undefined))).toEqual(workspaceNotFound);
  });

  it("an unknown workflow, a removed one and another workspace's are not found", () => {
    const removed: WorkflowEvent = { type: "WorkflowRemoved", data: { workflowId, workspaceId } };
    expect(rejection([], update({ name: "Sales" }), as("owner"))).toEqual(notFound);
    expect(rejection([created, removed], update({ name: "Sales" }), as("owner"))).toEqual(notFound);
    const elsewhere: WorkflowCommand = { type: "UpdateWorkflow", data: { workspaceId: otherWorkspaceId, name: "X" } };
    expect(rejection([created], elsewhere, as("owner"))).toEqual(notFound);
  });

  it("repeating the current values emits nothing", () => {
    const stages = [input(1), input(2), input(3)];
    expect(
      when([created], update({ name: "Engineering", description: "Hiring engineers", stages }), as("owner")),
    ).toEqual([]);
  });

  it("a null description clears it", () => {
    expect(when([created], update({ description: null }), as("owner"))).toEqual([
      { type: "WorkflowDescriptionChanged", data: { workflowId, workspaceId, description: "" } },
    ]);
  });

  it("a blank or overlong name is refused and nothing changes", () => {
    expect(rejection([created], update({ name: " ", description: "x" }), as("owner"))).toEqual(
      invalid("This field is required", "name"),
    );
    expect(rejection([created], update({ name: "n".repeat(51) }), as("owner")).pointer).toBe("/data/attributes/name");
  });

  it("stages kept by id stay (renamed and moved as sent), a new stage is added, renumbered from 0", () => {
    const stages = [
      input(3, { position: 0, name: "Offer" }),
      input(1, { position: 1 }),
      input(4, { position: 2 }),
      input(2, { position: 3 }),
    ];
    expect(when([created], update({ stages }), as("owner"))).toEqual([
      {
        type: "WorkflowStagesChanged",
        data: {
          workflowId,
          workspaceId,
          stages: [
            stage(3, { name: "Offer", description: "Offer", position: 0 }),
            stage(1, { position: 1 }),
            stage(4, { position: 2 }),
            stage(2, { position: 3 }),
          ],
        },
      },
    ]);
  });

  it("a saved stage left out is refused: only a stage not yet saved may be removed", () => {
    const stages = [input(1), input(3), input(4)];
    expect(rejection([created], update({ stages }), as("owner"))).toEqual(
      invalid("Stage Stage 2 is saved and cannot be removed", "stages_attributes"),
    );
  });

  it("a stage added by an earlier edit is saved too", () => {
    const added: WorkflowEvent = {
      type: "WorkflowStagesChanged",
      data: { workflowId, workspaceId, stages: [stage(1), stage(2), stage(3), stage(4)] },
    };
    const stages = [input(1), input(2), input(3)];
    expect(rejection([created, added], update({ stages }), as("owner"))).toEqual(
      invalid("Stage Stage 4 is saved and cannot be removed", "stages_attributes"),
    );
  });

  it("the stage rules of creation apply to edits", () => {
    expect(rejection([created], update({ stages: [input(1), input(2)] }), as("owner"))).toEqual(
      invalid("must have at least 3 stages", "stages_attributes"),
    );
    const unnamed = [input(1), input(2), input(3, { name: "" })];
    expect(rejection([created], update({ stages: unnamed }), as("owner"))).toEqual(
      invalid("This field is required", "stages_attributes/2/name"),
    );
  });

  it("the history builds the workflow", () => {
    const history: WorkflowEvent[] = [
      created,
      { type: "WorkflowRenamed", data: { workflowId, workspaceId, name: "Sales" } },
      { type: "WorkflowDescriptionChanged", data: { workflowId, workspaceId, description: "" } },
      { type: "WorkflowStagesChanged", data: { workflowId, workspaceId, stages: [stage(2), stage(3), stage(4)] } },
    ];
    expect(fold(workflowDecider, history)).toEqual({
      status: "active",
      workflowId,
      workspaceId,
      userId: creatorId,
      name: "Sales",
      description: "",
      stages: [stage(2), stage(3), stage(4)],
      projectId: null,
      templateId: null,
    });
  });
});

describe("RemoveWorkflow", () => {
  const removedEvent: WorkflowEvent = { type: "WorkflowRemoved", data: { workflowId, workspaceId } };

  for (const role of ["owner", "manager"] as const) {
    it(`a ${role} removes anyone's workflow`, () => {
      expect(when([created], remove(), as(role))).toEqual([removedEvent]);
    });
  }

  it("a collaborator removes a workflow they created, not someone else's", () => {
    expect(when([createdByActor], remove(), as("collaborator"))).toEqual([removedEvent]);
    expect(rejection([created], remove(), as("collaborator"))).toEqual(notTheirs);
  });

  it("a viewer manages none, not even one they created before their role changed", () => {
    expect(rejection([createdByActor], remove(), as("viewer"))).toEqual(forbidden);
    expect(rejection([createdByActor], update({ name: "Sales" }), as("viewer"))).toEqual(forbidden);
  });

  it("a viewer may not remove a workflow", () => {
    expect(rejection([created], remove(), as("viewer"))).toEqual(forbidden);
  });

  it("someone outside the workspace cannot find it", () => {
    expect(rejection([created], remove(), as(undefined))).toEqual(workspaceNotFound);
  });

  it("a removed, unknown or foreign workflow is not found", () => {
    const removed: WorkflowEvent = { type: "WorkflowRemoved", data: { workflowId, workspaceId } };
    expect(rejection([created, removed], remove(), as("owner"))).toEqual(notFound);
    expect(rejection([], remove(), as("owner"))).toEqual(notFound);
    expect(rejection([created], remove(otherWorkspaceId), as("owner"))).toEqual(notFound);
  });

  it("events after a removal do not bring the workflow back", () => {
    const removed: WorkflowEvent = { type: "WorkflowRemoved", data: { workflowId, workspaceId } };
    const renamed: WorkflowEvent = { type: "WorkflowRenamed", data: { workflowId, workspaceId, name: "X" } };
    expect(fold(workflowDecider, [created, removed, renamed])).toEqual({ status: "removed" });
  });
});
