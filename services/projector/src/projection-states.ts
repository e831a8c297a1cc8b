import { type Kysely, sql, type Transaction } from "kysely";
import { CHECKPOINT } from "./checkpoint-names.ts";

/** Where one read model stands: the last position it applied, and why it stopped if it did. */
export interface ProjectionState {
  name: string;
  position: number;
  failedPosition: number | null;
  failure: string | null;
  failedAt: Date | null;
}

interface StateRow {
  name: string;
  position: string;
  failed_position: string | null;
  failure: string | null;
  failed_at: Date | null;
}

function stateOf(row: StateRow): ProjectionState {
  return {
    name: row.name,
    position: Number(row.position),
    failedPosition: row.failed_position === null ? null : Number(row.failed_position),
    failure: row.failure,
    failedAt: row.failed_at,
  };
}

/**
 * Gives every read model named a state row, at the shared checkpoint (where every read model stood
 * before they had positions of their own), and returns the states.
 */
export async function ensureProjectionStates(
  db: Kysely<unknown>,
  schema: string,
  names: string[],
): Promise<Map<string, ProjectionState>> {
  const checkpoint = sql.table(`${schema}.checkpoint`);
  await sql`insert into ${checkpoint} (name, position) values (${CHECKPOINT}, 0) on conflict (name) do nothing`.execute(
    db,
  );
  await sql`insert into ${sql.table(`${schema}.projection_states`)} (name, position)
    select name, (select position from ${checkpoint} where name = ${CHECKPOINT}) from unnest(${names}::text[]) as name
    on conflict (name) do nothing`.execute(db);
  return readProjectionStates(db, schema, names);
}

export async function readProjectionStates(
  db: Kysely<unknown> | Transaction<unknown>,
  schema: string,
  names: string[],
): Promise<Map<string, ProjectionState>> {
  const { rows } = await sql<StateRow>`select name, position, failed_position, failure, failed_at
    from ${sql.table(`${schema}.projection_states`)} where name = any(${names}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.name, stateOf(row)]));
}

/**
 * The states the runner holds between batches are no longer those stored: another runner, a
 * projector starting, or a rebuild moved them. The batch is undone and the states read again.
 */
export class StaleProjectionStates extends Error {
  constructor() {
    super("the read models' stored positions moved under this runner");
  }
}

/**
 * Writes the batch's positions (`running` read models move to `position`) in one statement, which
 * also checks that every state stands where the runner held it: stored positions need no read per
 * batch. Throws `StaleProjectionStates`, for the caller to undo the batch, when one does not.
 */
export async function writePositions(
  trx: Transaction<unknown>,
  schema: string,
  held: Map<string, ProjectionState>,
  running: string[],
  position: number,
): Promise<void> {
  const states = [...held.values()];
  const result = await sql`update ${sql.table(`${schema}.projection_states`)} s
    set position = case when x.runs and s.position < ${position} then ${position} else s.position end
    from unnest(${states.map((s) => s.name)}::text[], ${states.map((s) => s.position)}::bigint[],
                ${states.map((s) => s.failedPosition)}::bigint[], ${states.map((s) => running.includes(s.name))}::boolean[])
      as x(name, position, failed_position, runs)
    where s.name = x.name and s.position = x.position and s.failed_position is not distinct from x.failed_position`.execute(
    trx,
  );
  if (Number(result.numAffectedRows ?? 0) !== states.length) throw new StaleProjectionStates();
}

/** Lets the named read models try again, from where they stopped (a fixed build has started). */
export async function clearFailures(db: Kysely<unknown>, schema: string, names: string[]): Promise<void> {
  await sql`update ${sql.table(`${schema}.projection_states`)}
    set failed_position = null, failure = null, failed_at = null
    where name = any(${names}::text[]) and failed_position is not null`.execute(db);
}

/** Stops a read model at the event it failed on: it keeps its position (the event before). */
export async function recordFailure(
  trx: Transaction<unknown>,
  schema: string,
  name: string,
  position: number,
  reason: string,
): Promise<void> {
  await sql`update ${sql.table(`${schema}.projection_states`)}
    set failed_position = ${position}, failure = ${reason}, failed_at = now() where name = ${name}`.execute(trx);
}

/** The first failed read model's state, if any (a rebuild does not swap in a read model that stopped). */
export function firstFailure(states: Map<string, ProjectionState>): ProjectionState | undefined {
  return [...states.values()]
    .filter((state) => state.failedPosition !== null)
    .sort((a, b) => (a.failedPosition ?? 0) - (b.failedPosition ?? 0))[0];
}
