import { createHash } from "node:crypto";
import { avatarColors, emailReserved, userEvent } from "@hirestream/contracts/accounts/events.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { type UserCommand, userDecider } from "@hirestream/domain/user/user.decider.ts";
import { deriveEventId, scopedId } from "@hirestream/eventstore/event-id.ts";
import { WrongExpectedRevisionError } from "@hirestream/eventstore/event-store.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";

export const userStream = (userId: string) => `user-${userId}`;
export const emailStream = (email: string) => `user-email-${createHash("sha256").update(email).digest("hex")}`;
const parseUserEvent = (stored: { type: string; data: unknown }) => userEvent.safeParse(stored).data;

export function runUserCommand(
  deps: Deps,
  userId: string,
  command: UserCommand,
  commandId: string,
  actorId: string | null,
) {
  return handleCommand(
    deps.store,
    userDecider,
    parseUserEvent,
    {
      streamId: userStream(userId),
      command,
      context: { now: deps.clock(), actorId },
      commandId,
    },
    deps.aggregates,
  );
}

/** A reservation this old without its user was left by a crash, not by a sign-up still running. */
const orphanAfterMs = 30_000;

/** A stable colour for a new user's avatar. */
function colorFor(userId: string) {
  const index = createHash("sha1").update(userId).digest()[0] ?? 0;
  return avatarColors[index % avatarColors.length] ?? "blue";
}

/**
 * One account per email, even under simultaneous sign-ups: the email's reservation stream is
 * appended with no_stream first. A reservation whose user stream never got written (a crash in
 * between) is taken over by the next sign-up.
 */
export async function signUp(deps: Deps, email: string, passwordHash: string, commandId: string) {
  const reservationCommand = scopedId(commandId, "email-reservation");
  let userId = scopedId(commandId, "user");
  try {
    await deps.store.appendToStream(
      emailStream(email),
      [
        {
          id: deriveEventId(reservationCommand, 0),
          type: "EmailReserved",
          data: { email, userId },
          metadata: {
            commandId: reservationCommand,
            userId: null,
            correlationId: commandId,
            causationId: commandId,
            occurredAt: deps.clock().toISOString(),
          },
        },
      ],
      { expectedRevision: "no_stream" },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const [reservation] = await deps.store.readStream(emailStream(email));
    const reserved = emailReserved.safeParse(reservation).data;
    if (!reserved) throw error;
    const owner = await deps.store.readStream(userStream(reserved.data.userId));
    const inProgress = reservation && deps.clock().getTime() - reservation.recordedAt.getTime() < orphanAfterMs;
    if (owner.length > 0 || inProgress) throw new DomainError("EMAIL_TAKEN", "has already been taken", "/email");
    userId = reserved.data.userId;
  }
  try {
    const outcome = await runUserCommand(
      deps,
      userId,
      { type: "SignUp", data: { userId, email, passwordHash, color: colorFor(userId) } },
      commandId,
      null,
    );
    return { userId, position: outcome.position, retried: false };
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== "ALREADY_EXISTS") throw error;
    // The same sign-up retried: its first event is already there.
    const [first] = await deps.store.readStream(userStream(userId));
    if (first?.id !== deriveEventId(commandId, 0))
      throw new DomainError("EMAIL_TAKEN", "has already been taken", "/email");
    return { userId, position: first.position, retried: true };
  }
}
