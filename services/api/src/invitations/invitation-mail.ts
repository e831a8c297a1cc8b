import { invitationSent } from "@hirestream/contracts/invitations/events.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { Reaction } from "@hirestream/projector/reactions/reaction.ts";
import type { Deps } from "../deps.ts";
import type { QueueMail } from "../reactions/queue-mail.ts";

type MailDeps = Pick<Deps, "db" | "appUrl">;

/**
 * The mail to an email with no account yet: the invitation waits in their bell once they sign up
 * with that address (the read model matches it on sign-up). A reaction to the stored invitation,
 * so it goes out once it is stored, however the request that stored it ended.
 */
export function invitationMail(deps: MailDeps, queueMail: QueueMail): Reaction {
  return {
    name: "invitation mail",
    types: ["InvitationSent"],
    async react(recorded, trx) {
      const invitation = invitationSent.safeParse(recorded).data?.data;
      if (!invitation || invitation.toUserId !== null) return;
      const names = await namesOf(deps, invitation);
      const signUp = new URL("/sign_up", deps.appUrl);
      const what = invitation.invitableType === "Project" ? "the project" : "the workspace";
      await queueMail(trx, scopedId(recorded.id, "mail"), {
        to: invitation.toEmail,
        subject: `${names.from} invited you to ${names.invitable} on Hirestream`,
        text: `${names.from} invited you to join ${what} ${names.invitable} on Hirestream.\n\nCreate your account with this address (${invitation.toEmail}) here, then accept the invitation from the bell at the top of the page:\n${signUp.toString()}\n\nIf you did not expect this, ignore this message.\n`,
      });
    },
  };
}

/** For the mail: the inviter's name (or email) and the name of what they invite to. */
async function namesOf(
  deps: MailDeps,
  invitation: { fromUserId: string; invitableType: "Workspace" | "Project"; invitableId: string },
): Promise<{ from: string; invitable: string }> {
  const [inviter, invitable] = await Promise.all([
    deps.db
      .selectFrom("read.users")
      .select(["first_name", "last_name", "email"])
      .where("id", "=", invitation.fromUserId)
      .executeTakeFirst(),
    invitation.invitableType === "Project"
      ? deps.db.selectFrom("read.projects").select("name").where("id", "=", invitation.invitableId).executeTakeFirst()
      : deps.db
          .selectFrom("read.workspaces")
          .select("name")
          .where("id", "=", invitation.invitableId)
          .executeTakeFirst(),
  ]);
  const name = `${inviter?.first_name ?? ""} ${inviter?.last_name ?? ""}`.trim();
  return { from: name || inviter?.email || "A Hirestream user", invitable: invitable?.name ?? "Hirestream" };
}
