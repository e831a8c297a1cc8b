import { type ServerMessage, scope } from "@hirestream/contracts/sync/messages.ts";
import { z } from "zod";

// The contract declares ServerMessage as a type only; the browser parses what arrives instead of trusting it.

const position = z.number().int().min(0);
const rowData = z.record(z.string(), z.unknown());

const syncRow = z.object({
  position,
  scope,
  entity: z.string(),
  id: z.string(),
  op: z.enum(["put", "del"]),
  data: rowData.nullable(),
});

const snapshot = z.object({
  type: z.literal("snapshot"),
  scope,
  position,
  part: z.number().int().min(0),
  last: z.boolean(),
  rows: z.array(
    z.union([
      z.object({ entity: z.string(), id: z.string(), data: rowData }),
      z.object({ entity: z.string(), id: z.string(), same: z.literal(true) }),
    ]),
  ),
});
const changes = z.object({ type: z.literal("changes"), rows: z.array(syncRow), cursor: position });
const dropScope = z.object({ type: z.literal("drop-scope"), scope });
const ready = z.object({ type: z.literal("ready"), cursor: position, scopes: z.array(scope) });

const syncing = z.object({ type: z.literal("syncing"), scopes: z.array(scope) });

export const serverMessage = z.discriminatedUnion("type", [
  syncing,
  snapshot,
  changes,
  dropScope,
  ready,
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("session-expired") }),
  z.object({ type: z.literal("error"), code: z.string(), detail: z.string() }),
]);

export type SyncRow = z.infer<typeof syncRow>;
export type SnapshotMessage = z.infer<typeof snapshot>;
export type ChangesMessage = z.infer<typeof changes>;
export type ReadyMessage = z.infer<typeof ready>;
export type ParsedServerMessage = z.infer<typeof serverMessage>;

/** Fails to compile when the schema and the contract's type drift apart, in either direction. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const mirrorsContract: Same<ParsedServerMessage, ServerMessage> = true;

/** A frame's text as a message, or null for anything that is not one. */
export function parseServerMessage(text: string): ParsedServerMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = serverMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Runs of consecutive `changes` messages become one: rows in order, the last cursor. Applying
 * them together is the same as one after another, as the cursor only moves once all are in.
 */
export function coalesceChanges(messages: readonly ParsedServerMessage[]): ParsedServerMessage[] {
  const result: ParsedServerMessage[] = [];
  for (const message of messages) {
    const previous = result.at(-1);
    if (message.type === "changes" && previous?.type === "changes") {
      result[result.length - 1] = {
        type: "changes",
        rows: [...previous.rows, ...message.rows],
        cursor: message.cursor,
      };
    } else {
      result.push(message);
    }
  }
  return result;
}
