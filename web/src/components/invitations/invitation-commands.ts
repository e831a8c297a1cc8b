// Invitation writes as outbox commands: the answer shows at once, and the membership it brings
// arrives by sync (the workspace joins the sidebar without a reload).
import type { InvitationRow } from "@hirestream/contracts/invitations/rows.ts";
import type { Command } from "../../replica/outbox.ts";

type ShownInvitation = InvitationRow & { scopes?: string[]; _pending?: number };

function plain(row: ShownInvitation): InvitationRow {
  const { scopes: _scopes, _pending, ...invitation } = row;
  return invitation;
}

/** Accept or Reject from the bell's modal; the body is the spec's empty attributes. */
export function answerInvitation(row: ShownInvitation, answer: "accept" | "reject", now: Date): Command {
  return {
    method: "PUT",
    path: `/invitations/${row.id}/${answer}`,
    body: { data: { type: "invitation", attributes: {} } },
    optimistic: [
      {
        table: "invitations",
        id: row.id,
        next: { ...plain(row), status: answer === "accept" ? "active" : "inactive", updated_at: now.toISOString() },
      },
    ],
  };
}
