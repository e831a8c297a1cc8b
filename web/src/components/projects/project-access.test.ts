import { describe, expect, it } from "vitest";
import { roleBadgeColor } from "../user-initials.ts";
import { accessMembers, lastActivityText, memberName } from "./project-access.ts";

const ids = {
  ada: "a11ce000-0000-4000-8000-000000000001",
  bob: "b0b00000-0000-4000-8000-000000000002",
  cy: "c0c00000-0000-4000-8000-000000000003",
  dee: "d0d00000-0000-4000-8000-000000000004",
};

const row = (
  user_id: string,
  role: "owner" | "manager" | "collaborator" | "viewer",
  first_name: string,
  last_name = "",
) => ({
  user_id,
  role,
  first_name,
  last_name,
  email: `${first_name.toLowerCase() || "someone"}@example.com`,
});

describe("accessMembers", () => {
  it("lists owners, managers, collaborators and viewers in that order, by name within a role", () => {
    const members = accessMembers([
      row(ids.cy, "viewer", "Cy"),
      row(ids.bob, "collaborator", "Bob"),
      row(ids.dee, "manager", "Dee"),
      row(ids.ada, "collaborator", "Ada", "Lovelace"),
      row(ids.cy, "owner", "Cy"),
    ]);
    expect(members.map((member) => [member.role, member.userId])).toEqual([
      ["owner", ids.cy],
      ["manager", ids.dee],
      ["collaborator", ids.ada],
      ["collaborator", ids.bob],
      ["viewer", ids.cy],
    ]);
  });

  it("takes the avatar colour from the profiles the replica holds", () => {
    const [held, other] = accessMembers(
      [row(ids.ada, "owner", "Ada"), row(ids.bob, "viewer", "Bob")],
      new Map([[ids.ada, "pink"]]),
    );
    expect([held?.color, other?.color]).toEqual(["pink", undefined]);
  });

  it("names a member by full name, else by email", () => {
    const [named, unnamed] = accessMembers([row(ids.ada, "owner", "Ada", "Lovelace"), row(ids.bob, "viewer", "")]);
    expect(named && memberName(named)).toBe("Ada Lovelace");
    expect(unnamed && memberName(unnamed)).toBe("someone@example.com");
  });
});

describe("the role colours members and invitees are shown in", () => {
  it("gives owners blue, managers red and collaborators yellow", () => {
    expect([roleBadgeColor("owner"), roleBadgeColor("manager"), roleBadgeColor("collaborator")]).toEqual([
      "blue",
      "red",
      "yellow",
    ]);
  });
});

describe("lastActivityText", () => {
  it("says 'No recent activity' without a time", () => {
    expect(lastActivityText(null)).toBe("No recent activity");
    expect(lastActivityText("not a time")).toBe("No recent activity");
  });

  it("shows the day of the last activity, in the user's time zone", () => {
    expect(lastActivityText(new Date(2026, 2, 5, 12).toISOString())).toBe("Mar 5, 2026");
  });
});
