import { type ServerMessage, scope } from "@hirestream/contracts/sync/messages.ts";
import { z } from "zod";
import { isRowOf, tableOfEntity } from "./replica-db.ts";

// The contract declares ServerMessage as a type only; the browser parses what arrives instead of trusting it.

const position = z.number().int().min(0);
/**
 * A row's data: a JSON object, which its table's schema reads in full (rowsAreReadable). Checked
 * here without copying it: a record schema would copy every key of every row, thousands a part.
 */
const rowData = z.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  { error: "not a row" },
);

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
  more: z.literal(true).exactOptional(),
  rows: z.array(
    z.union([
      z.object({
        entity: z.string(),
        id: z.string(),
        data: rowData,
        also: z.array(scope).exactOptional(),
        in: z.array(scope).min(1).exactOptional(),
      }),
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
  return parsed.success && rowsAreReadable(parsed.data) ? parsed.data : null;
}

/**
 * Every row the message carries matches its table's contract (an entity this client has no table
 * for is passed over). The rows are read here, as the message arrives, rather than when it is
 * applied: see `parseRow`.
 */
function rowsAreReadable(message: ParsedServerMessage): boolean {
  const rows = message.type === "snapshot" || message.type === "changes" ? message.rows : [];
  for (const row of rows) {
    const data = "data" in row ? row.data : null;
    const table = tableOfEntity(row.entity);
    if (data !== null && table && !isRowOf(table, data)) return false;
  }
  return true;
}

/**
 * A run of snapshot parts takes in the next while it holds fewer rows than this: one transaction's
 * worth, a few megabytes. A run is not closed short of it, so no small part is left to a transaction
 * (and a re-run of the screens' queries) of its own.
 */
export const JOINED_PART_ROWS = 5000;

/** What the client applies in one go: a message, or a run of snapshot parts in one transaction. */
export type SyncStep = ParsedServerMessage | { type: "snapshots"; parts: SnapshotMessage[] };

/**
 * Runs of consecutive `changes` messages become one: rows in order, the last cursor. Applying
 * them together is the same as one after another, as the cursor only moves once all are in. Runs
 * of snapshot parts, of one scope or several, until they hold JOINED_PART_ROWS rows, become one
 * step applied in one transaction, in order: the same as one after another.
 * Parts pile up when the replica writes slower than they arrive, and a catch-up's first parts (every
 * scope's few rows) are held until all are in; one transaction for the pile costs one commit and
 * one re-run of the screens' queries instead of several, and writes a row several parts carry once.
 */
export function coalesceMessages(messages: readonly ParsedServerMessage[]): SyncStep[] {
  const result: SyncStep[] = [];
  let joinedRows = 0;
  for (const message of messages) {
    const previous = result.at(-1);
    if (message.type === "changes" && previous?.type === "changes") {
      result[result.length - 1] = {
        type: "changes",
        rows: [...previous.rows, ...message.rows],
        cursor: message.cursor,
      };
    } else if (message.type === "snapshot" && previous?.type === "snapshots" && joinedRows < JOINED_PART_ROWS) {
      previous.parts.push(message);
      joinedRows += message.rows.length;
    } else if (message.type === "snapshot") {
      result.push({ type: "snapshots", parts: [message] });
      joinedRows = message.rows.length;
    } else {
      result.push(message);
    }
  }
  return result;
}
