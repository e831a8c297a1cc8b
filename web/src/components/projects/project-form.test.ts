import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { describe, expect, it } from "vitest";
import {
  deadlineBeforeStart,
  descriptionCounter,
  descriptionTooLong,
  emptyProjectForm,
  type ProjectFormValues,
  projectChangesOf,
  projectFieldsOf,
  projectFormValues,
  titleTooLong,
  validateProjectForm,
} from "./project-form.ts";

const filled: ProjectFormValues = {
  title: "  Backend engineers ",
  description: " Berlin office ",
  priority: "High",
  status: "Active",
  workflow: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  workflowLater: false,
  startDate: "2026-12-01",
  deadline: "2027-02-01",
  visible: true,
};

const project: ProjectRow = {
  id: "5d2e8f4a-1c3b-4a6d-9e7f-0a1b2c3d4e5f",
  workspace_id: "0b7f5d7e-2f8c-4c1a-a7a4-5c5b9c1e2d33",
  name: "Backend engineers",
  description: "Berlin office",
  priority: "High",
  status: "Active",
  start_date: "2026-12-01",
  deadline: "2027-02-01",
  visible: true,
  workflow_id: "1e0f9a8b-7c6d-4a3b-8c2d-9a8b7c6d5e4f",
  user_id: "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11",
  created_at: "2026-11-01T08:00:00.000Z",
  updated_at: "2026-11-01T08:00:00.000Z",
};

describe("validateProjectForm", () => {
  it("accepts a filled form", () => {
    expect(validateProjectForm(filled, "create")).toEqual({});
  });

  it("requires title, priority, status and, on creation, the workflow", () => {
    const blank = { ...emptyProjectForm, title: "   ", status: "" as const };
    expect(validateProjectForm(blank, "create")).toEqual({
      title: "This field is required",
      priority: "This field is required",
      status: "This field is required",
      workflow: "This field is required",
    });
  });

  it("on creation, a typed title counts as the workflow, and choosing it later asks for none", () => {
    expect(validateProjectForm({ ...filled, workflow: "Nursing pipeline" }, "create")).toEqual({});
    expect(validateProjectForm({ ...filled, workflow: "  " }, "create")).toEqual({
      workflow: "This field is required",
    });
    expect(validateProjectForm({ ...filled, workflow: "", workflowLater: true }, "create")).toEqual({});
  });

  it("does not ask for a workflow when editing", () => {
    expect(validateProjectForm({ ...filled, workflow: "" }, "edit")).toEqual({});
  });

  it("allows a description of 100 characters and no more", () => {
    expect(validateProjectForm({ ...filled, description: "x".repeat(100) }, "create")).toEqual({});
    expect(validateProjectForm({ ...filled, description: "x".repeat(101) }, "create")).toEqual({
      description: descriptionTooLong,
    });
  });

  it("refuses an overlong title", () => {
    expect(validateProjectForm({ ...filled, title: "x".repeat(121) }, "create")).toEqual({ title: titleTooLong });
  });

  it("refuses a deadline before the start date, and takes one on the same day", () => {
    expect(validateProjectForm({ ...filled, deadline: "2026-11-30" }, "create")).toEqual({
      deadline: deadlineBeforeStart,
    });
    expect(validateProjectForm({ ...filled, deadline: "2026-12-01" }, "create")).toEqual({});
  });

  it("takes either date alone", () => {
    expect(validateProjectForm({ ...filled, startDate: "" }, "create")).toEqual({});
    expect(validateProjectForm({ ...filled, deadline: "" }, "create")).toEqual({});
  });

  it("refuses a date it cannot read", () => {
    expect(validateProjectForm({ ...filled, startDate: "tomorrow" }, "create")).toEqual({ startDate: "Enter a date" });
  });
});

describe("projectFieldsOf", () => {
  it("trims text and turns blanks into none", () => {
    expect(projectFieldsOf(filled)).toEqual({
      name: "Backend engineers",
      description: "Berlin office",
      priority: "High",
      status: "Active",
      start_date: "2026-12-01",
      deadline: "2027-02-01",
      visible: true,
    });
    expect(projectFieldsOf({ ...filled, description: "  ", startDate: "", deadline: "" })).toMatchObject({
      description: null,
      start_date: null,
      deadline: null,
    });
  });

  it("refuses a form that was not validated", () => {
    expect(() => projectFieldsOf({ ...filled, priority: "" })).toThrow();
  });
});

describe("projectFormValues", () => {
  it("fills the form from the project", () => {
    expect(projectFormValues(project)).toEqual({
      title: "Backend engineers",
      description: "Berlin office",
      priority: "High",
      status: "Active",
      workflow: project.workflow_id,
      workflowLater: false,
      startDate: "2026-12-01",
      deadline: "2027-02-01",
      visible: true,
    });
  });

  it("leaves out what the project does not have", () => {
    const bare = { ...project, description: null, start_date: null, deadline: null, workflow_id: null };
    expect(projectFormValues(bare)).toMatchObject({ description: "", startDate: "", deadline: "", workflow: "" });
  });
});

describe("projectChangesOf", () => {
  it("is empty when nothing changed", () => {
    expect(projectChangesOf(project, projectFormValues(project))).toEqual({});
  });

  it("names only the fields that changed", () => {
    const values = { ...projectFormValues(project), title: "Go engineers", status: "Inactive" as const, deadline: "" };
    expect(projectChangesOf(project, values)).toEqual({ name: "Go engineers", status: "Inactive", deadline: null });
  });
});

describe("descriptionCounter", () => {
  it("counts against the limit of 100", () => {
    expect(descriptionCounter("")).toBe("0/100");
    expect(descriptionCounter("x".repeat(42))).toBe("42/100");
  });
});
