import { describe, expect, it } from "vitest";
import { isReadOnly, mayCreateProjects, projectAbilities } from "./project-permissions.ts";

const me = "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11";
const someoneElse = "0b7f5d7e-2f8c-4c1a-a7a4-5c5b9c1e2d33";
const mine = { status: "Active", user_id: me } as const;
const theirs = { status: "Active", user_id: someoneElse } as const;

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
  it("lets workspace owners and managers manage every project", () => {
    for (const role of ["owner", "manager"] as const) {
      expect(projectAbilities(theirs, role, me)).toEqual({ edit: true, remove: true, work: true });
    }
  });

  it("lets a collaborator manage the projects they created and only work in the others", () => {
    expect(projectAbilities(mine, "collaborator", me)).toEqual({ edit: true, remove: true, work: true });
    expect(projectAbilities(theirs, "collaborator", me)).toEqual({ edit: false, remove: false, work: true });
  });

  it("gives a viewer nothing to change, even in a project they created", () => {
    expect(projectAbilities(mine, "viewer", me)).toEqual({ edit: false, remove: false, work: false });
  });

  it("leaves only Remove on an archived project, and only to those who manage it", () => {
    expect(projectAbilities({ ...theirs, status: "Archived" }, "owner", me)).toEqual({
      edit: false,
      remove: true,
      work: false,
    });
    expect(projectAbilities({ ...theirs, status: "Archived" }, "collaborator", me)).toEqual({
      edit: false,
      remove: false,
      work: false,
    });
  });

  it("gives nothing while the user or their role is unknown", () => {
    expect(projectAbilities(mine, undefined, me)).toEqual({ edit: false, remove: false, work: false });
    expect(projectAbilities(mine, "owner", undefined)).toEqual({ edit: false, remove: false, work: false });
  });

  it("calls a project read-only when its people and workflow cannot be worked on", () => {
    expect(isReadOnly(projectAbilities({ ...mine, status: "Archived" }, "owner", me))).toBe(true);
    expect(isReadOnly(projectAbilities(mine, "viewer", me))).toBe(true);
    expect(isReadOnly(projectAbilities({ ...mine, status: "Inactive" }, "owner", me))).toBe(false);
  });
});
