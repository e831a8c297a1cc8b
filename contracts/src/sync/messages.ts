import { z } from "zod";
import { SYNC_PROTOCOL_VERSION } from "./protocol-version.ts";
import { scopePattern } from "./scopes.ts";

/**
 * The replica's wire protocol over /api/v1/sync. Bump the version (protocol-version.ts), with a note, for any change
 * a client of the previous version would misread.
 *   1: first version.
 *   2: a scope's snapshot comes in parts (`part`, `last`), so the first rows show before the rest
 *      arrive; a version 1 client would take each part for the whole scope.
 *   3: a snapshot row already sent in full by an earlier snapshot of the same catch-up comes as
 *      `{entity, id, same: true}`: the owner's people are in their pool's scope and in each of
 *      their workspaces', and were sent once per scope; a version 2 client would find no data.
 *   4: a project's rows come in a scope of the project's own, `proj:{project}`, held by those who
 *      may read it; a version 3 client would refuse the scope.
 *   5: a person's row no longer names its workspaces (contracts/src/people/rows.ts, personSyncRow):
 *      the client reads them from the row's `ws:` scopes; a version 4 client would refuse the row.
 *   6: what the screen needs first comes first. A catch-up opens with `syncing` (the scopes whose
 *      snapshots follow); every scope's part 0 holds its small rows (workspaces, members, projects,
 *      workflows…), all of them before any scope's many (people, candidacies, payloads, messages),
 *      which follow in the order of the client's focus (`focus` in the hello, then `focus`
 *      messages). The client answers each snapshot part it has applied with `applied`; the server
 *      keeps only a few parts unanswered, so a new focus reorders what is still to send. A version
 *      5 client would never answer, and the catch-up would stall.
 *   7: live changes do not wait for a catch-up. Once every scope's part 0 and the changes of the
 *      scopes held are out, a `changes` carries the cursor to the snapshots' position (with no
 *      rows if need be), and the changes committed after it follow as they commit, between the
 *      snapshot parts still to come; a part leaves out a row a change sent before it has brought.
 *      The scopes a hello names are those held in full as of its cursor: a scope is no longer
 *      held from its part 0 until its last part, so a catch-up cut short resumes with only the
 *      scopes not yet in full. A version 6 client kept a scope as held through its part 0 and
 *      would, resuming with the cursor a change moved, skip the rest of that scope's snapshot.
 *   8: a snapshot row in full may name, in `also`, other scopes of the catch-up that hold it as of
 *      the same change; their snapshots then leave it out, so the replica writes a person in the
 *      owner's pool and in a workspace once rather than once per scope. A version 7 client would
 *      hold the row in one scope only. And a scope's few rows, when there are more than a part's
 *      worth, take several parts from part 0, each but the last marked `more`, so the client
 *      writes the first while the server reads the rest; the many follow from the next part. A
 *      version 7 client would take the scope's few rows as in after its part 0.
 *   9: a project's snapshot part may carry, beside its candidacies, the people they name, each in
 *      full naming in `in` the other scopes of the catch-up that hold it (its workspace's, its
 *      owner's), which the project's scope does not: the replica gets a candidacy and its person in
 *      one write, and those scopes' snapshots leave the person out. A version 8 client would hold
 *      the person in the project's scope.
 */
export { SYNC_PROTOCOL_VERSION };

/** Rows per snapshot part: about a megabyte of people-sized rows, applied in one transaction each. */
export const SNAPSHOT_PART_ROWS = 1000;

/** Rows in the first part of a scope's many: enough for a screen's first page, well under a megabyte. */
export const FIRST_PART_ROWS = 100;

/** Snapshot parts the server sends ahead of the client's `applied` answers. */
export const SNAPSHOT_PARTS_AHEAD = 2;

/** `ws:{workspace}`, `user:{user}` or `proj:{project}` (sync/scopes.ts). */
export const scope = z.string().regex(scopePattern, { error: "not a scope" });

/** Most scopes a focus may name. */
export const FOCUS_SCOPES_MAX = 16;

/**
 * The scopes a screen shows rows of, most wanted first: their many rows are sent before any other
 * scope's. The server ignores a scope the user may not read (it never sends one).
 */
export const focusScopes = z.array(scope).max(FOCUS_SCOPES_MAX);

/** Most scopes a hello may name. */
export const HELLO_SCOPES_MAX = 10_000;

/**
 * Bytes a client message may take on the socket: a hello naming every scope it may, each the
 * longest a scope is (`proj:` and a uuid, quoted, with its comma), and room for the rest.
 */
export const CLIENT_MESSAGE_MAX_BYTES =
  HELLO_SCOPES_MAX * '"proj:00000000-0000-0000-0000-000000000000",'.length + 32 * 1024;

export const hello = z
  .object({
    type: z.literal("hello"),
    version: z.literal(SYNC_PROTOCOL_VERSION),
    credentials: z
      .object({ "access-token": z.string().max(512), client: z.string().max(512), uid: z.string().max(512) })
      .strict(),
    /** Position of the last change the client applied; 0 for a fresh replica. */
    cursor: z.number().int().min(0),
    /** Scopes the client holds in full as of `cursor`: their snapshots are not sent again. */
    scopes: z.array(scope).max(HELLO_SCOPES_MAX),
    /** What the screen shows, to be sent first (see `focusScopes`). */
    focus: focusScopes.optional(),
  })
  .strict();
export type Hello = z.infer<typeof hello>;

/** The user went to another screen: the snapshots still to send reorder around its scopes. */
export const focus = z.object({ type: z.literal("focus"), scopes: focusScopes }).strict();

/** One more snapshot part applied: the server may send the next. */
export const applied = z.object({ type: z.literal("applied") }).strict();

export const clientMessage = z.discriminatedUnion("type", [
  hello,
  focus,
  applied,
  z.object({ type: z.literal("ping") }).strict(),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export interface SyncRow {
  position: number;
  scope: string;
  entity: string;
  id: string;
  op: "put" | "del";
  data: Record<string, unknown> | null;
}

/**
 * A row of a snapshot: in full, or the same as an earlier snapshot of this catch-up sent in full.
 * A row in full may name other scopes of the catch-up that hold it too (`also`): their snapshots
 * do not send it again. A row the part's own scope does not hold, which goes with one it does
 * (a candidacy's person), names instead every scope of the catch-up that holds it (`in`).
 */
export type SnapshotRow =
  | { entity: string; id: string; data: Record<string, unknown>; also?: string[]; in?: string[] }
  | { entity: string; id: string; same: true };

export type ServerMessage =
  /**
   * A catch-up begins: snapshots of these scopes follow (each complete at its `last` part), then
   * `ready`. Until then the screens treat the rows of these scopes as still coming.
   */
  | { type: "syncing"; scopes: string[] }
  /**
   * Every row the scope holds as of `position`, in parts numbered from 0: part 0 replaces the
   * scope's rows, later parts add to them, and the scope counts as held once the `last` part is in
   * (not from part 0 to then). Its few rows are in once a part of it without `more` is. Changes
   * after `position` may come between the parts; a later part never holds a row such a change
   * brought.
   */
  | {
      type: "snapshot";
      scope: string;
      position: number;
      part: number;
      last: boolean;
      /** More of the scope's few rows follow in its next part (only on its first parts). */
      more?: true;
      rows: SnapshotRow[];
    }
  /**
   * Rows in position order; after applying them the client's cursor is `cursor`. During a
   * catch-up, one may carry no rows: the scopes held are as of `cursor` from there on.
   */
  | { type: "changes"; rows: SyncRow[]; cursor: number }
  /** Access to the scope ended: the client deletes its rows. */
  | { type: "drop-scope"; scope: string }
  /** The client has caught up to `cursor` with these scopes, every snapshot in; more changes follow. */
  | { type: "ready"; cursor: number; scopes: string[] }
  | { type: "pong" }
  /** The session ended or expired; the socket closes after this. */
  | { type: "session-expired" }
  | { type: "error"; code: string; detail: string };
