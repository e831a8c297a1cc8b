import { z } from "zod";
import { scopePattern } from "./scopes.ts";

/**
 * The replica's wire protocol over /api/v1/sync. Bump the version, with a note, for any change
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
 */
export const SYNC_PROTOCOL_VERSION = 5;

/** Rows per snapshot part: about a megabyte of people-sized rows, applied in one transaction each. */
export const SNAPSHOT_PART_ROWS = 1000;

/** `ws:{workspace}`, `user:{user}` or `proj:{project}` (sync/scopes.ts). */
export const scope = z.string().regex(scopePattern, { error: "not a scope" });

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
    /** Scopes the client already holds rows of. */
    scopes: z.array(scope).max(HELLO_SCOPES_MAX),
  })
  .strict();
export type Hello = z.infer<typeof hello>;

export const clientMessage = z.discriminatedUnion("type", [hello, z.object({ type: z.literal("ping") }).strict()]);
export type ClientMessage = z.infer<typeof clientMessage>;

export interface SyncRow {
  position: number;
  scope: string;
  entity: string;
  id: string;
  op: "put" | "del";
  data: Record<string, unknown> | null;
}

/** A row of a snapshot: in full, or the same as an earlier snapshot of this catch-up sent in full. */
export type SnapshotRow =
  | { entity: string; id: string; data: Record<string, unknown> }
  | { entity: string; id: string; same: true };

export type ServerMessage =
  /**
   * Every row the scope holds as of `position`, in parts numbered from 0: part 0 replaces the
   * scope's rows, later parts add to them, and the scope counts as held once the `last` part is in.
   */
  | {
      type: "snapshot";
      scope: string;
      position: number;
      part: number;
      last: boolean;
      rows: SnapshotRow[];
    }
  /** Rows in position order; after applying them the client's cursor is `cursor`. */
  | { type: "changes"; rows: SyncRow[]; cursor: number }
  /** Access to the scope ended: the client deletes its rows. */
  | { type: "drop-scope"; scope: string }
  /** The client has caught up to `cursor` with these scopes; live changes follow. */
  | { type: "ready"; cursor: number; scopes: string[] }
  | { type: "pong" }
  /** The session ended or expired; the socket closes after this. */
  | { type: "session-expired" }
  | { type: "error"; code: string; detail: string };
