import type { MessageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
import type { ReplicaDb } from "../../replica/replica-db.ts";

/** A person's messages as the replica holds them (the projects this user may read), oldest first. */
export async function messagesOf(db: ReplicaDb, personId: string): Promise<MessageRow[]> {
  const rows = await db.messages.where("person_id").equals(personId).toArray();
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

export type MessagesShown = "loading" | "none" | "list";

/**
 * What the Messages section shows: 'No Messages' without the sequence feature; before the replica
 * has caught up once, an empty list is "not here yet", so a loader rather than a false 'No Messages'.
 */
export function messagesShown(
  sequenceOn: boolean,
  messages: readonly MessageRow[] | undefined,
  caughtUp: boolean | undefined,
): MessagesShown {
  if (!sequenceOn) return "none";
  if (messages === undefined) return "loading";
  if (messages.length > 0) return "list";
  return caughtUp === true ? "none" : "loading";
}

/** One run's thread: what its steps sent and what came back, oldest first. */
export async function threadOf(db: ReplicaDb, processorId: string): Promise<MessageRow[]> {
  const rows = await db.messages.where("processor_id").equals(processorId).toArray();
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}
