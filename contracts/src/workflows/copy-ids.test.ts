import { describe, expect, it } from "vitest";
import { copyStageIdOf, workflowCopyIdOf } from "./copy-ids.ts";

const project = "0b9c2f6e-3f51-4c1a-9a4e-1d2f3a4b5c6d";
const otherProject = "7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a";
const template = "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const stage = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";

describe("workflow copy ids", () => {
  it("name a project's copy of a template the same way every time", () => {
    expect(workflowCopyIdOf(project, template)).toBe(workflowCopyIdOf(project, template));
  });

  it("give two projects' copies of one template different ids", () => {
    expect(workflowCopyIdOf(project, template)).not.toBe(workflowCopyIdOf(otherProject, template));
  });

  it("give a stage of each copy its own id, distinct from the template's stage", () => {
    const first = copyStageIdOf(workflowCopyIdOf(project, template), stage);
    const second = copyStageIdOf(workflowCopyIdOf(otherProject, template), stage);
    expect(first).not.toBe(second);
    expect(first).not.toBe(stage);
  });
});
