import type { InvitationRow } from "@hirestream/contracts/invitations/rows.ts";
import { describe, expect, it } from "vitest";
import { answerInvitation } from "./invitation-commands.ts";

const row: InvitationRow = {
  id: "6a0c8d8d-1f6e-4b6d-9d2f-7e6a8f9a0b14",
  from_user_id: "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f",
  from_name: "Ada Quinn",
  to_email: "grace@example.com",
  to_user_id: "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70",
  invitable_type: "Project",
  invitable_id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  invitable_name: "Backend hires",
  workspace_id: "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d",
  workspace_role: "viewer",
  project_role: "collaborator",
  status: "waiting",
  created_at: "2026-11-22T12:00:00.000Z",
  updated_at: "2026-11-22T12:00:00.000Z",
};
const now = new Date("2026-11-23T09:00:00.000Z");

describe("answerInvitation", () => {
  it("accepting sends the spec's empty attributes and shows the invitation active at once", () => {
    expect(answerInvitation({ ...row, scopes: ["user:x"], _pending: 0 }, "accept", now)).toEqual({
      method: "PUT",
      path: `/invitations/${row.id}/accept`,
      body: { data: { type: "invitation", attributes: {} } },
      optimistic: [
        { table: "invitations", id: row.id, next: { ...row, status: "active", updated_at: now.toISOString() } },
      ],
    });
  });

  it("rejecting shows it inactive", () => {
    const command = answerInvitation(row, "reject", now);
    expect(command.path).toBe(`/invitations/${row.id}/reject`);
    expect(command.optimistic[0]?.next).toMatchObject({ status: "inactive" });
  });
});
