import { randomUUID } from "node:crypto";
import { checkpointOf, snapshotOf } from "@hirestream/api/sync/change-feed.ts";
import type { ServerMessage } from "@hirestream/contracts/sync/messages.ts";
import type { WorkspaceRow } from "@hirestream/contracts/workspaces/rows.ts";
import type pg from "pg";
import { createWorkspaces, signUp } from "./api-client.ts";

export interface SeededUser {
  /** The sign-up answer's session headers. */
  session: Record<string, string>;
  userId: string;
  workspaceIds: string[];
}

export interface SeededFirstSync extends SeededUser {
  scope: string;
  /** Padded workspace rows added to the scope's change log. */
  paddedRows: number;
  /** Average JSON size of one padded row's data. */
  rowBytes: number;
  /** The scope's snapshot frame exactly as the sync hub sends it (same query, JSON.stringify). */
  frame: string;
}

const filler =
  "Senior backend engineers for the payments platform, Berlin or remote within the EU; strong Postgres, " +
  "event sourcing, TypeScript and on-call experience; hiring manager Ada, panel of four, take-home optional. ";

/** `length` characters of text, different per row so that the name index holds distinct keys. */
function text(index: number, length: number): string {
  const start = (index * 7) % filler.length;
  return `${index} ${filler.repeat(Math.ceil(length / filler.length) + 1).slice(start, start + length)}`.slice(
    0,
    length,
  );
}

/** A person-sized workspace row (name ≈ 300 chars, description ≈ 500): about 900 bytes of JSON. */
function paddedWorkspace(index: number, userId: string, at: string): WorkspaceRow {
  return {
    id: randomUUID(),
    name: text(index, 300),
    description: text(index + 1, 500),
    visible: index % 2 === 0,
    user_id: userId,
    created_at: at,
    updated_at: at,
  };
}

/** Signs a user up and creates workspaces through the API; returns once the projector has them. */
export async function seedUser(pool: pg.Pool, baseUrl: string, workspaces: number): Promise<SeededUser> {
  const session = await signUp(baseUrl);
  const workspaceIds = await createWorkspaces(baseUrl, session, workspaces, Math.min(workspaces, 10));
  const deadline = performance.now() + 30_000;
  for (;;) {
    const { rows } = await pool.query<{ user_id: string }>(
      "select user_id from read.workspace_members where workspace_id = any($1::uuid[]) and role = 'owner'",
      [workspaceIds],
    );
    const owner = rows[0]?.user_id;
    if (owner && rows.length === workspaceIds.length) return { session, userId: owner, workspaceIds };
    if (performance.now() > deadline) throw new Error("the projector did not project the bench workspaces in 30 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A user with one real workspace (so the scope `ws:{id}` is theirs), and `rows` padded workspace
 * rows written straight into that scope's change log at the projector's checkpoint, with seq
 * numbers far above any the projector uses: a fresh replica's snapshot of the scope holds them all.
 */
export async function seedFirstSync(pool: pg.Pool, baseUrl: string, rows: number): Promise<SeededFirstSync> {
  const user = await seedUser(pool, baseUrl, 1);
  const workspaceId = user.workspaceIds[0];
  if (!workspaceId) throw new Error("no workspace was created");
  const scope = `ws:${workspaceId}`;
  const position = await checkpointOf(pool);
  const at = new Date().toISOString();
  let bytes = 0;
  const batch = 1000;
  for (let first = 0; first < rows; first += batch) {
    const data = Array.from({ length: Math.min(batch, rows - first) }, (_, offset) =>
      paddedWorkspace(first + offset, user.userId, at),
    );
    const json = data.map((row) => JSON.stringify(row));
    bytes += json.reduce((sum, row) => sum + Buffer.byteLength(row), 0);
    await pool.query(
      `insert into read.change_log (position, seq, scope, entity, id, op, data)
       select $1, $2 + ord::int, $3, 'workspace', id, 'put', data
       from unnest($4::text[], $5::jsonb[]) with ordinality as t(id, data, ord)`,
      [position, 1_000_000 + first, scope, data.map((row) => row.id), json],
    );
  }
  const snapshot: ServerMessage = {
    type: "snapshot",
    part: 0,
    last: true,
    scope,
    position,
    rows: await snapshotOf(pool, scope, position),
  };
  return { ...user, scope, paddedRows: rows, rowBytes: bytes / rows, frame: JSON.stringify(snapshot) };
}
