import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import type { Command } from "../../replica/outbox.ts";

export type ProfileChange = Pick<UserRow, "first_name" | "last_name" | "color">;

/** Name and avatar colour: devise's account update, shown at once on every screen. */
export function updateProfile(user: UserRow, change: ProfileChange, now: Date): Command {
  const next = { first_name: change.first_name.trim(), last_name: change.last_name.trim(), color: change.color };
  return {
    method: "PUT",
    path: "/auth",
    body: next,
    optimistic: [{ table: "users", id: user.id, next: { ...user, ...next, updated_at: now.toISOString() } }],
  };
}
