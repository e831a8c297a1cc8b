import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { canManageCredentials, shownAliases, shownName } from "./credential-list.ts";

describe("the credentials list", () => {
  it("shows 'undefined' for a credential without a name, as the spec says", () => {
    expect(shownName({ name: "" })).toBe("undefined");
    expect(shownName({ name: "Recruiting" })).toBe("Recruiting");
  });

  it("joins aliases with commas", () => {
    expect(shownAliases({ aliases: ["a@example.com", "b@example.com"] })).toBe("a@example.com, b@example.com");
  });

  it("offers the write actions to owners and managers only", () => {
    const roles: WorkspaceRole[] = ["owner", "manager", "collaborator", "viewer"];
    expect(roles.map((role) => canManageCredentials(role))).toEqual([true, true, false, false]);
    expect(canManageCredentials(null)).toBe(false);
  });
});
