import { describe, expect, it } from "vitest";
import { projectsOf, stagesOf, workspacesOf } from "./picker-reads.ts";

describe("the picker's choices", () => {
  it("are the workspaces by name", () => {
    expect(
      workspacesOf({ data: [{ id: "w1", type: "workspace", attributes: { name: "Acme", visible: true } }] }),
    ).toEqual([{ id: "w1", name: "Acme" }]);
  });

  it("are the projects with the workflow that holds their stages", () => {
    const body = {
      data: [{ id: "p1", type: "project", attributes: { name: "Backend", workflow_id: "f1" } }],
      meta: {},
    };
    expect(projectsOf(body)).toEqual([{ id: "p1", name: "Backend", workflow_id: "f1" }]);
  });

  it("are the workflow's stages in their order", () => {
    const body = {
      data: { id: "f1", type: "workflow", attributes: { name: "Hiring" } },
      included: [
        { id: "s2", type: "stage", attributes: { name: "Interview", position: 2 } },
        { id: "q1", type: "sequence", attributes: { name: "Hello", position: 0 } },
        { id: "s1", type: "stage", attributes: { name: "Sourced", position: 1 } },
      ],
    };
    expect(stagesOf(body)).toEqual([
      { id: "s1", name: "Sourced" },
      { id: "s2", name: "Interview" },
    ]);
  });

  it("throw on a document that is not a list", () => {
    expect(() => workspacesOf({ errors: [] })).toThrow();
  });
});
