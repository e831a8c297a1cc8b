import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { describe, expect, it } from "vitest";
import {
  addStage,
  canAddStage,
  canRemoveStage,
  type DraftStage,
  draftOfWorkflow,
  emptyStage,
  newWorkflowDraft,
  onResponseOptions,
  removeStage,
  setStageAction,
  setStageSequence,
  stagesOfDraft,
  workflowDraftChanged,
} from "./workflow-draft.ts";

let counter = 0;
const newId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;
const sequence = "44444444-4444-4444-8444-444444444444";

function stage(name: string, changes: Partial<DraftStage> = {}): DraftStage {
  return { ...emptyStage(newId(), 0), name, ...changes };
}

function nth(list: readonly DraftStage[], index: number): DraftStage {
  const found = list[index];
  if (!found) throw new Error(`no stage at ${index}`);
  return found;
}

/** Stages as a form holds them after edits: positions as the list gives them. */
function stages(...names: string[]): DraftStage[] {
  return names.map((name, index) => stage(name, { position: index }));
}

const workflow: WorkflowRow = {
  id: "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  workspace_id: "11111111-1111-4111-8111-111111111111",
  name: "Engineering",
  description: "Hiring engineers",
  assigned_to: "template",
  project_id: null,
  template_id: null,
  stages: [
    {
      id: "33333333-3333-4333-8333-333333333333",
      name: "Interview",
      position: 1,
      description: "Interview",
      sequence_id: null,
      on_response_stage_id: null,
      on_response_stage_position: null,
    },
    {
      id: "22222222-2222-4222-8222-222222222222",
      name: "Sourced",
      position: 0,
      description: "Sourced",
      sequence_id: sequence,
      on_response_stage_id: "33333333-3333-4333-8333-333333333333",
      on_response_stage_position: 1,
    },
    {
      id: "55555555-5555-4555-8555-555555555555",
      name: "Offer",
      position: 2,
      description: "Offer",
      sequence_id: null,
      on_response_stage_id: null,
      on_response_stage_position: null,
    },
  ],
  user_id: "66666666-6666-4666-8666-666666666666",
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
};

describe("newWorkflowDraft", () => {
  it("starts with three empty, unsaved stages at positions 0 to 2, each with its own id", () => {
    const draft = newWorkflowDraft(newId);
    expect(draft.name).toBe("");
    expect(draft.description).toBe("");
    expect(draft.stages.map((each) => [each.position, each.name, each.saved, each.action])).toEqual([
      [0, "", false, false],
      [1, "", false, false],
      [2, "", false, false],
    ]);
    expect(new Set(draft.stages.map((each) => each.id)).size).toBe(3);
  });
});

describe("draftOfWorkflow", () => {
  const draft = draftOfWorkflow(workflow);

  it("lists the stages in position order, all saved", () => {
    expect(draft.stages.map((each) => [each.position, each.name, each.saved])).toEqual([
      [0, "Sourced", true],
      [1, "Interview", true],
      [2, "Offer", true],
    ]);
  });

  it("turns the action on for a stage with a sequence and keeps its follow-up", () => {
    expect(draft.stages[0]).toMatchObject({
      action: true,
      sequence_id: sequence,
      on_response_stage_id: "33333333-3333-4333-8333-333333333333",
    });
    expect(draft.stages[1]).toMatchObject({ action: false, sequence_id: null, on_response_stage_id: null });
  });

  it("starts from the workflow's name and description", () => {
    expect(draft).toMatchObject({ name: "Engineering", description: "Hiring engineers" });
  });
});

describe("canAddStage and addStage", () => {
  it("adds only with the feature_sequence flag on", () => {
    expect(canAddStage(stages("A", "B", "C"), true)).toBe(true);
    expect(canAddStage(stages("A", "B", "C"), false)).toBe(false);
  });

  it("stops at fifty stages, the server's limit", () => {
    const many = stages(...Array.from({ length: 50 }, (_, index) => `S${index}`));
    expect(canAddStage(many, true)).toBe(false);
    expect(canAddStage(many.slice(1), true)).toBe(true);
  });

  it("adds an empty, unsaved stage at the end, numbered after the others", () => {
    const added = addStage(stages("A", "B", "C"), "new-stage");
    expect(added.map((each) => [each.position, each.name])).toEqual([
      [0, "A"],
      [1, "B"],
      [2, "C"],
      [3, ""],
    ]);
    expect(added[3]).toMatchObject({ id: "new-stage", saved: false, action: false });
  });
});

describe("canRemoveStage", () => {
  const idOf = (list: readonly DraftStage[], index: number) => nth(list, index).id;

  it("never leaves fewer than three stages", () => {
    const three = stages("A", "B", "C");
    expect([0, 1, 2].map((index) => canRemoveStage(three, index, "create", idOf(three, index)))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("allows any stage of a new workflow once there are more than three, while it is the active one", () => {
    const four = stages("A", "B", "C", "D");
    expect([0, 1, 2, 3].map((index) => canRemoveStage(four, index, "create", idOf(four, index)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it("allows only the active stage", () => {
    const four = stages("A", "B", "C", "D");
    const active = idOf(four, 2);
    expect([0, 1, 2, 3].map((index) => canRemoveStage(four, index, "create", active))).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect([0, 1, 2, 3].map((index) => canRemoveStage(four, index, "create", null))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("in edit mode allows only the stages not saved yet", () => {
    const four = [...draftOfWorkflow(workflow).stages, stage("New", { position: 3 })];
    expect([0, 1, 2, 3].map((index) => canRemoveStage(four, index, "edit", idOf(four, index)))).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it("answers false for a stage that is not there", () => {
    expect(canRemoveStage(stages("A", "B", "C", "D"), 4, "create", null)).toBe(false);
  });
});

describe("removeStage", () => {
  it("renumbers the remaining stages from 0", () => {
    const removed = removeStage(stages("A", "B", "C", "D"), 1);
    expect(removed.map((each) => [each.position, each.name])).toEqual([
      [0, "A"],
      [1, "C"],
      [2, "D"],
    ]);
  });

  it("drops a follow-up that pointed at the removed stage, and keeps one that points elsewhere", () => {
    const list = stages("A", "B", "C", "D");
    const [a, b, c, d] = list;
    if (!a || !b || !c || !d) throw new Error("four stages expected");
    const linked = [
      { ...a, action: true, sequence_id: sequence, on_response_stage_id: b.id },
      b,
      { ...c, action: true, sequence_id: sequence, on_response_stage_id: d.id },
      d,
    ];
    const removed = removeStage(linked, 1);
    expect(removed[0]?.on_response_stage_id).toBeNull();
    expect(removed[1]?.on_response_stage_id).toBe(d.id);
  });

  it("leaves three stages as they are", () => {
    const three = stages("A", "B", "C");
    expect(removeStage(three, 0)).toEqual(three);
  });

  it("leaves the list as it is for a stage that is not there", () => {
    const four = stages("A", "B", "C", "D");
    expect(removeStage(four, 7)).toEqual(four);
  });
});

describe("setStageAction and setStageSequence", () => {
  const linked = stage("A", { action: true, sequence_id: sequence, on_response_stage_id: "other" });

  it("clearing the toggle removes the sequence and the follow-up", () => {
    expect(setStageAction(linked, false)).toMatchObject({
      action: false,
      sequence_id: null,
      on_response_stage_id: null,
    });
  });

  it("turning it on keeps the rest of the stage", () => {
    const plain = stage("A");
    expect(setStageAction(plain, true)).toEqual({ ...plain, action: true });
  });

  it("clearing the sequence drops the follow-up, choosing another keeps it", () => {
    expect(setStageSequence(linked, null)).toMatchObject({ sequence_id: null, on_response_stage_id: null });
    expect(setStageSequence(linked, "77777777-7777-4777-8777-777777777777")).toMatchObject({
      sequence_id: "77777777-7777-4777-8777-777777777777",
      on_response_stage_id: "other",
    });
  });
});

describe("onResponseOptions", () => {
  it("offers the other named stages once the stage has a sequence", () => {
    const list = stages("Sourced", "", " Interview ", "Offer");
    list[0] = { ...nth(list, 0), action: true, sequence_id: sequence };
    expect(onResponseOptions(list, 0)).toEqual([
      { value: list[2]?.id, label: "Interview" },
      { value: list[3]?.id, label: "Offer" },
    ]);
  });

  it("offers nothing before a sequence is chosen", () => {
    const list = stages("Sourced", "Interview", "Offer");
    expect(onResponseOptions(list, 0)).toEqual([]);
    list[0] = { ...nth(list, 0), action: true };
    expect(onResponseOptions(list, 0)).toEqual([]);
  });
});

describe("stagesOfDraft", () => {
  it("numbers the stages from 0 in list order, trims names and copies them into the description", () => {
    const list = stages(" Sourced ", "Interview", "Offer");
    expect(stagesOfDraft(list)).toEqual(
      list.map((each, index) => ({
        id: each.id,
        name: each.name.trim(),
        position: index,
        description: each.name.trim(),
        sequence_id: null,
        on_response_stage_id: null,
        on_response_stage_position: null,
      })),
    );
  });

  it("names the follow-up by id and by its position after renumbering", () => {
    const list = removeStage(stages("Gone", "Sourced", "Interview", "Offer"), 0);
    const [sourced, , offer] = list;
    if (!sourced || !offer) throw new Error("three stages expected");
    list[0] = { ...sourced, action: true, sequence_id: sequence, on_response_stage_id: offer.id };
    expect(stagesOfDraft(list)[0]).toMatchObject({
      sequence_id: sequence,
      on_response_stage_id: offer.id,
      on_response_stage_position: 2,
    });
  });

  it("sends no sequence and no follow-up for a stage whose toggle is off", () => {
    const list = stages("Sourced", "Interview", "Offer");
    list[0] = { ...nth(list, 0), sequence_id: sequence, on_response_stage_id: list[1]?.id ?? null };
    expect(stagesOfDraft(list)[0]).toMatchObject({
      sequence_id: null,
      on_response_stage_id: null,
      on_response_stage_position: null,
    });
  });

  it("drops a follow-up naming a stage that is not in the list, or the stage itself", () => {
    const list = stages("Sourced", "Interview", "Offer");
    const first = nth(list, 0);
    list[0] = { ...first, action: true, sequence_id: sequence, on_response_stage_id: "missing" };
    expect(stagesOfDraft(list)[0]?.on_response_stage_id).toBeNull();
    list[0] = { ...first, action: true, sequence_id: sequence, on_response_stage_id: first.id };
    expect(stagesOfDraft(list)[0]).toMatchObject({ on_response_stage_id: null, on_response_stage_position: null });
  });
});

describe("workflowDraftChanged", () => {
  it("sees no change in an untouched form", () => {
    expect(workflowDraftChanged(workflow, draftOfWorkflow(workflow))).toBe(false);
  });

  it("sees no change in added spaces", () => {
    const draft = draftOfWorkflow(workflow);
    expect(workflowDraftChanged(workflow, { ...draft, name: " Engineering " })).toBe(false);
  });

  it("sees a renamed stage, a new description and an added stage", () => {
    const draft = draftOfWorkflow(workflow);
    const renamed = draft.stages.map((each, index) => (index === 1 ? { ...each, name: "Phone screen" } : each));
    expect(workflowDraftChanged(workflow, { ...draft, stages: renamed })).toBe(true);
    expect(workflowDraftChanged(workflow, { ...draft, description: "Other" })).toBe(true);
    expect(workflowDraftChanged(workflow, { ...draft, stages: addStage(draft.stages, newId()) })).toBe(true);
  });

  it("sees a cleared stage action", () => {
    const draft = draftOfWorkflow(workflow);
    const cleared = draft.stages.map((each, index) => (index === 0 ? setStageAction(each, false) : each));
    expect(workflowDraftChanged(workflow, { ...draft, stages: cleared })).toBe(true);
  });
});
