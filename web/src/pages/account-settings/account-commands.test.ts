import { expect, it } from "vitest";
import { updateProfile } from "./account-commands.ts";

const user = {
  id: "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11",
  email: "ada@example.com",
  first_name: "",
  last_name: "",
  picture: null,
  color: "blue" as const,
  updated_at: "2026-01-01T00:00:00.000Z",
};

it("sends the trimmed names and colour flat, as devise's account update takes them", () => {
  const command = updateProfile(
    user,
    { first_name: " Ada ", last_name: "Lovelace ", color: "violet" },
    new Date("2026-11-22T09:00:00Z"),
  );
  expect(command).toMatchObject({ method: "PUT", path: "/auth" });
  expect(command.body).toEqual({ first_name: "Ada", last_name: "Lovelace", color: "violet" });
});

it("shows the new name and colour at once, keeping the rest of the user", () => {
  const command = updateProfile(
    user,
    { first_name: "Ada", last_name: "", color: "pink" },
    new Date("2026-11-22T09:00:00Z"),
  );
  expect(command.optimistic).toEqual([
    {
      table: "users",
      id: user.id,
      next: { ...user, first_name: "Ada", last_name: "", color: "pink", updated_at: "2026-11-22T09:00:00.000Z" },
    },
  ]);
});
