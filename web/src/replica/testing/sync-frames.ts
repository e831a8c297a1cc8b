import type { SnapshotMessage } from "../server-message.ts";
import { alice } from "./rows.ts";

/** The signed-in user's own scope in these tests. */
export const me = `user:${alice}`;
export const workspaceScope = (id: string) => `ws:${id}`;

/** A snapshot part as the server sends it: by default a scope's only part, at position 7. */
export function snapshotPart(
  scope: string,
  rows: SnapshotMessage["rows"],
  at: { part?: number; last?: boolean; position?: number; more?: true | undefined } = {},
): SnapshotMessage {
  const { part = 0, last = true, position = 7, more } = at;
  return { type: "snapshot", part, last, ...(more ? { more } : {}), scope, position, rows };
}

/** Counts the rows a table writes from now on, created or updated. */
export function countWrites(table: {
  hook(event: "creating" | "updating", subscriber: () => void): void;
}): () => number {
  let writes = 0;
  const count = () => {
    writes += 1;
  };
  table.hook("creating", count);
  table.hook("updating", count);
  return () => writes;
}
