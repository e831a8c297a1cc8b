import { describe, expect, it } from "vitest";
import { roleBadge, roleBadgeColor, userDisplayName, userInitials } from "./user-initials.ts";

const user = (first_name: string, last_name: string) => ({ email: "ada@example.com", first_name, last_name });

it("shows the first letters of first and last name", () => {
  expect(userInitials(user("ada", "Lovelace"))).toBe("AL");
  expect(userDisplayName(user("Ada", "Lovelace"))).toBe("Ada Lovelace");
});

it("falls back to the email's first letter and the email when there is no name", () => {
  expect(userInitials(user("", ""))).toBe("A");
  expect(userDisplayName(user(" ", ""))).toBe("ada@example.com");
});

it("uses the one name there is", () => {
  expect(userInitials(user("Grace", ""))).toBe("G");
  expect(userDisplayName(user("", "Hopper"))).toBe("Hopper");
});

describe("roleBadge", () => {
  it.each([
    ["owner", "O"],
    ["manager", "M"],
    ["collaborator", "C"],
    ["invited", "..."],
    ["viewer", null],
    [undefined, null],
  ] as const)("%s → %s", (role, badge) => {
    expect(roleBadge(role)).toBe(badge);
  });
});

it("colours the role badge as spec §6 says: owner blue, manager red, collaborator yellow, others grey", () => {
  expect(
    (["owner", "manager", "collaborator", "viewer", "invited", undefined] as const).map((role) => roleBadgeColor(role)),
  ).toEqual(["blue", "red", "yellow", "gray", "gray", "gray"]);
});
