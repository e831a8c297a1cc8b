import { randomUUID } from "node:crypto";
import { checkpointOf } from "@hirestream/api/sync/change-feed.ts";
import { type PersonRow, personRow } from "@hirestream/contracts/people/rows.ts";
import type pg from "pg";
import { signUp } from "./api-client.ts";
import { samplePerson } from "./people-import-sample.ts";

export interface SeededTalentPool {
  /** The sign-up answer's session headers. */
  session: Record<string, string>;
  userId: string;
  /** The pool as written, for working out what a search should find. */
  people: PersonRow[];
  /** Average JSON size of one person's change-log data. */
  rowBytes: number;
}

/** Signs up and waits for the projector to write the user, whose row the app needs to know who is signed in. */
async function projectedUser(pool: pg.Pool, baseUrl: string) {
  const session = await signUp(baseUrl);
  const email = session.uid;
  if (!email) throw new Error("the sign-up answer had no uid header");
  const deadline = performance.now() + 30_000;
  for (;;) {
    const { rows } = await pool.query<{ id: string }>("select id from read.users where email = $1", [email]);
    const id = rows[0]?.id;
    if (id) return { session, userId: id };
    if (performance.now() > deadline) throw new Error("the projector did not project the bench user in 30 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A user owning `count` people in no workspace (the Talent Pool alone), written straight into
 * `read.people` and into the change log of scope `user:{id}` at the projector's checkpoint, with
 * seq numbers far above any the projector uses (as web-seed.ts does for workspaces): a fresh
 * replica's snapshot of the scope holds them all. Importing them would take minutes and is
 * measured on its own.
 */
export async function seedTalentPool(pool: pg.Pool, baseUrl: string, count: number): Promise<SeededTalentPool> {
  const { session, userId } = await projectedUser(pool, baseUrl);
  const position = await checkpointOf(pool);
  const at = new Date().toISOString();
  const people: PersonRow[] = Array.from({ length: count }, (_, index) => ({
    ...samplePerson(index, "p"),
    id: randomUUID(),
    owner_id: userId,
    workspace_ids: [],
    created_at: at,
    updated_at: at,
  }));
  // The browser checks every synced row against this schema and would drop a malformed one.
  const [sample] = people;
  if (sample) personRow.parse(sample);

  let bytes = 0;
  const batch = 1000;
  for (let first = 0; first < count; first += batch) {
    const rows = people.slice(first, first + batch);
    const json = rows.map((row) => JSON.stringify(row));
    // The change log carries a person as the projector logs it: without its workspaces.
    const logged = rows.map(({ workspace_ids: _workspaceIds, ...row }) => JSON.stringify(row));
    bytes += logged.reduce((sum, row) => sum + Buffer.byteLength(row), 0);
    await pool.query("insert into read.people select * from jsonb_populate_recordset(null::read.people, $1::jsonb)", [
      `[${json.join(",")}]`,
    ]);
    await pool.query(
      `insert into read.change_log (position, seq, scope, entity, id, op, data)
       select $1, $2 + ord::int, $3, 'person', id, 'put', data
       from unnest($4::text[], $5::jsonb[]) with ordinality as t(id, data, ord)`,
      [position, 2_000_000 + first, `user:${userId}`, rows.map((row) => row.id), logged],
    );
  }
  await pool.query("vacuum analyze read.people");
  await pool.query("vacuum analyze read.change_log");
  return { session, userId, people, rowBytes: bytes / Math.max(1, count) };
}
