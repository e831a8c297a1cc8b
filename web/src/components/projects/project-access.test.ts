import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import { describe, expect, it } from "vitest";
import { accessMembers, lastActivityText, memberName, roleColors } from "./project-access.ts";

const ids = {
  ada: "a11ce000-0000-4000-8000-000000000001",
  bob: "b0b00000-0000-4000-8000-000000000002",
  cy: "c0c00000-0000-4000-8000-000000000003",
  dee: "d0d00000-0000-4000-8000-000000000004",
};

function user(id: string, first_name: string, last_name = ""): UserRow {
  return {
    id,
    email: `${first_name.toLowerCase() || "someone"}@example.com`,
    first_name,
    last_name,
    picture: null,
    color: "blue",
    updated_at: "2026-11-01T00:00:00.000Z",
  };
}

describe("accessMembers", () => {
  const users = new Map([
    [ids.ada, user(ids.ada, "Ada", "Lovelace")],
    [ids.bob, user(ids.bob, "Bob")],
    [ids.cy, user(ids.cy, "Cy")],
  ]);

  it("lists owners, managers, collaborators and viewers in that order, by name within a role", () => {
    const members = accessMembers(
      [
        { user_id: ids.cy, role: "viewer" },
        { user_id: ids.bob, role: "collaborator" },
        { user_id: ids.dee, role: "manager" },
        { user_id: ids.ada, role: "collaborator" },
        { user_id: ids.cy, role: "owner" },
      ],
      users,
    );
    expect(members.map((member) => [member.role, member.userId])).toEqual([
      ["owner", ids.cy],
      ["manager", ids.dee],
      ["collaborator", ids.ada],
      ["collaborator", ids.bob],
      ["viewer", ids.cy],
    ]);
  });

  it("keeps a member whose profile the replica does not hold", () => {
    const [member] = accessMembers([{ user_id: ids.dee, role: "manager" }], users);
    expect(member).toEqual({ userId: ids.dee, role: "manager", user: undefined });
    expect(member && memberName(member)).toBe("Workspace member");
  });

  it("names a member by full name, else by email", () => {
    expect(memberName({ userId: ids.ada, role: "owner", user: user(ids.ada, "Ada", "Lovelace") })).toBe("Ada Lovelace");
    expect(memberName({ userId: ids.ada, role: "owner", user: user(ids.ada, "") })).toBe("someone@example.com");
  });
});

describe("roleColors", () => {
  it("gives owners blue, managers red and collaborators yellow", () => {
    expect([roleColors.owner, roleColors.manager, roleColors.collaborator]).toEqual(["blue", "red", "yellow"]);
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
