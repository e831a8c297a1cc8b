import { describe, expect, it } from "vitest";
import { isReadOnly, mayCreateProjects, projectAbilities } from "./project-permissions.ts";

const active = { status: "Active", visible: true } as const;
const hidden = { status: "Active", visible: false } as const;
const archived = { status: "Archived", visible: true } as const;

describe("mayCreateProjects", () => {
  it.each([
    ["owner", true],
    ["manager", true],
    ["collaborator", true],
    ["viewer", false],
    [undefined, false],
  ] as const)("%s → %s", (role, may) => {
    expect(mayCreateProjects(role)).toBe(may);
  });
});

describe("projectAbilities", () => {
  it("lets workspace owners and managers manage every visible project, member or not", () => {
    for (const workspaceRole of ["owner", "manager"] as const) {
      expect(projectAbilities(active, { workspaceRole, projectRole: undefined })).toEqual({
        edit: true,
        remove: true,
        work: true,
      });
    }
  });

  it("gives a project's owner everything, whatever their workspace role", () => {
    for (const workspaceRole of ["collaborator", "viewer"] as const) {
      expect(projectAbilities(hidden, { workspaceRole, projectRole: "owner" })).toEqual({
        edit: true,
        remove: true,
        work: true,
      });
    }
  });

  it("lets a project's manager and collaborator work in it but not change or remove it", () => {
    for (const projectRole of ["manager", "collaborator"] as const) {
      expect(projectAbilities(active, { workspaceRole: "collaborator", projectRole })).toEqual({
        edit: false,
        remove: false,
        work: true,
      });
    }
  });

  it("gives a project's viewer nothing to change", () => {
    expect(projectAbilities(active, { workspaceRole: "collaborator", projectRole: "viewer" })).toEqual({
      edit: false,
      remove: false,
      work: false,
    });
  });

  it("gives nothing to a workspace collaborator outside the project, nor to a lead outside a hidden one", () => {
    expect(projectAbilities(active, { workspaceRole: "collaborator", projectRole: undefined })).toEqual({
      edit: false,
      remove: false,
      work: false,
    });
    expect(projectAbilities(hidden, { workspaceRole: "owner", projectRole: undefined })).toEqual({
      edit: false,
      remove: false,
      work: false,
    });
  });

  it("leaves only Remove on an archived project, and only to those who may remove it", () => {
    expect(projectAbilities(archived, { workspaceRole: "owner", projectRole: undefined })).toEqual({
      edit: false,
      remove: true,
      work: false,
    });
    expect(projectAbilities(archived, { workspaceRole: "collaborator", projectRole: "manager" })).toEqual({
      edit: false,
      remove: false,
      work: false,
    });
  });

  it("gives nothing while the user's workspace role is unknown", () => {
    expect(projectAbilities(active, { workspaceRole: undefined, projectRole: "owner" })).toEqual({
      edit: false,
      remove: false,
      work: false,
    });
  });

  it("calls a project read-only when its people and workflow cannot be worked on", () => {
    expect(isReadOnly(projectAbilities(archived, { workspaceRole: "owner", projectRole: "owner" }))).toBe(true);
    expect(isReadOnly(projectAbilities(active, { workspaceRole: "viewer", projectRole: "viewer" }))).toBe(true);
    expect(isReadOnly(projectAbilities(active, { workspaceRole: "viewer", projectRole: "collaborator" }))).toBe(false);
  });
});
