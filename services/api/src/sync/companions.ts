import { SNAPSHOT_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import { workspaceScope } from "@hirestream/contracts/sync/scopes.ts";
import { z } from "zod";
import type { ReadRow } from "./catch-up-part.ts";
import type { PlannedRow, SnapshotRows } from "./snapshot-parts.ts";

/**
 * How many of a scope's own rows a part after its first holds: a project's half a part's worth, for
 * its candidacies' people go with them, and the page parses and checks each part in one task while
 * its screen renders (with parts of twice the rows, a fresh board's first row came some 400 ms later).
 */
export function partRowsOf(scope: string): number {
  return scope.startsWith("proj:") ? SNAPSHOT_PART_ROWS / 2 : SNAPSHOT_PART_ROWS;
}

/** What a candidacy's data names: its person, and the workspace whose scope holds the person. */
const candidacyNames = z.object({ person_id: z.string(), workspace_id: z.string() });

/**
 * The people a part's candidacies name, planned to go in the same part (sync protocol 9), each
 * in full naming the catch-up's scopes that hold it: the replica writes a candidacy and its person
 * together, rather than the person in a later part of its workspace's scope, which then leaves
 * it out. Only people whose holders' keys are known go (SnapshotRows.companion); with `keysOf`,
 * the keys of the scopes the catch-up sends that may hold them (the candidacies' workspaces', the
 * user's own) are waited for first: for a part after a scope's first, whose screen waits on the
 * first while the rest are read ahead of their turn.
 */
export async function companionsOf(
  scope: string,
  rows: readonly ReadRow[],
  sent: SnapshotRows,
  planned: readonly string[],
  keysOf?: (scope: string) => Promise<unknown>,
): Promise<PlannedRow[]> {
  const people = new Set<string>();
  const workspaces = new Set<string>();
  for (const { row, text } of rows) {
    if (row.entity !== "candidacy" || text === null) continue;
    const names = candidacyNames.safeParse(JSON.parse(text));
    // A change-log entry this code cannot read names nobody to send with it: its person goes as before.
    if (!names.success) continue;
    people.add(names.data.person_id);
    workspaces.add(workspaceScope(names.data.workspace_id));
  }
  if (people.size === 0) return [];
  // The user's own scope holds the people they own: without its keys, such a person would go for the
  // workspace alone, and the pool's snapshot would send it again as the same row, written once more.
  const holding = planned.filter((other) => workspaces.has(other) || other.startsWith("user:"));
  if (keysOf) await Promise.all(holding.map(keysOf));
  return [...people].flatMap((id) => sent.companion(scope, "person", id) ?? []);
}
