import { expect, it } from "vitest";
import { NEW_WORKFLOW_STAGES, templateFromTitle, templateTitles, workflowChoiceOf } from "./workflow-choice.ts";

const templates = [
  { id: "t1", name: "Engineering pipeline" },
  { id: "t2", name: "Sales" },
];

it("a title of the list picks that template, case and spaces aside; another title is a new workflow", () => {
  expect(workflowChoiceOf(" engineering PIPELINE ", templates)).toEqual({ kind: "template", template: templates[0] });
  expect(workflowChoiceOf("Nursing pipeline", templates)).toEqual({ kind: "new", name: "Nursing pipeline" });
  expect(workflowChoiceOf("   ", templates)).toEqual({ kind: "none" });
});

it("a typed title makes a template with three named stages, sent as New Workflow sends one", () => {
  let ids = 0;
  const { command, template } = templateFromTitle({
    name: "Nursing pipeline",
    workspaceId: "ws",
    userId: "u",
    now: new Date("2026-11-24T12:00:00Z"),
    newId: () => `id-${++ids}`,
  });
  expect(template).toMatchObject({ name: "Nursing pipeline", assigned_to: "template", workspace_id: "ws" });
  expect(template.stages.map((stage) => [stage.position, stage.name])).toEqual(
    NEW_WORKFLOW_STAGES.map((name, index) => [index, name]),
  );
  expect(command).toMatchObject({ method: "POST", path: "/workspaces/ws/workflows" });
  expect(command.body).toMatchObject({ data: { id: template.id, attributes: { name: "Nursing pipeline" } } });
});

it("offers each title once", () => {
  expect(templateTitles([...templates, { name: "Sales " }])).toEqual(["Engineering pipeline", "Sales"]);
});
