import type { Invitation } from "@hirestream/domain/invitation/invitation.decider.ts";
import type { Deps } from "../deps.ts";

/**
 * The mail to an email with no account yet: the invitation waits in their bell once they sign up
 * with that address (the read model matches it on sign-up).
 */
export async function mailInvitation(
  deps: Deps,
  invitation: Invitation,
  names: { from: string; invitable: string },
): Promise<void> {
  const signUp = new URL("/sign_up", deps.appUrl);
  const what = invitation.invitableType === "Project" ? "the project" : "the workspace";
  await deps.mail.send({
    to: invitation.toEmail,
    subject: `${names.from} invited you to ${names.invitable} on Hirestream`,
    text: `${names.from} invited you to join ${what} ${names.invitable} on Hirestream.\n\nCreate your account with this address (${invitation.toEmail}) here, then accept the invitation from the bell at the top of the page:\n${signUp.toString()}\n\nIf you did not expect this, ignore this message.\n`,
  });
}
