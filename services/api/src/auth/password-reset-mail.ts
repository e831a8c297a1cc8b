import { userPasswordResetRequested } from "@hirestream/contracts/accounts/events.ts";
import { eventMetadata } from "@hirestream/contracts/metadata.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { Reaction } from "@hirestream/projector/reactions/reaction.ts";
import type { Deps } from "../deps.ts";
import type { QueueMail } from "../reactions/queue-mail.ts";
import { resetToken } from "./reset-token.ts";

/**
 * The reset mail, made from the stored request: the token is derived again from the event's
 * command, and mailed only when the stored hash confirms it, so every mailed link works.
 */
export function passwordResetMail(deps: Pick<Deps, "db" | "clock" | "appUrl">, queueMail: QueueMail): Reaction {
  return {
    name: "password-reset mail",
    types: ["UserPasswordResetRequested"],
    async react(recorded, trx) {
      const event = userPasswordResetRequested.safeParse(recorded).data;
      const metadata = eventMetadata.safeParse(recorded.metadata).data;
      if (!event || !metadata) return;
      const { token, hash } = await resetToken(deps.db, metadata.commandId);
      // Requests stored before tokens were derived: their token is known to no one any more.
      if (hash !== event.data.tokenHash) return;
      if (!(Date.parse(event.data.expiresAt) > deps.clock().getTime())) return;
      const user = await deps.db
        .selectFrom("read.users")
        .select("email")
        .where("id", "=", event.data.userId)
        .executeTakeFirst();
      if (!user) return;
      const link = new URL(event.data.resetPage ?? new URL("/update_password", deps.appUrl).toString());
      link.searchParams.set("reset_password_token", token);
      await queueMail(trx, scopedId(recorded.id, "mail"), {
        to: user.email,
        subject: "Reset your Hirestream password",
        text: `Someone asked to reset the password of your Hirestream account.\n\nChoose a new password here (the link works for 6 hours):\n${link.toString()}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
      });
    },
  };
}
