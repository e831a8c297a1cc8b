import { type Kysely, sql } from "kysely";
import { CHECKPOINT } from "./checkpoint-names.ts";
import type { Projection } from "./projection.ts";
import { allProjections } from "./read-models/all.ts";

/** Where one read model stands against the event log. */
export interface ProjectionStatus {
  name: string;
  /** The last position it applied (0: none; also before the projector's first start). */
  position: number;
  /** Events after its position; null when the events are not in this database (EventStoreDB). */
  lagEvents: number | null;
  /** Age of the oldest event it has not applied, in seconds; 0 when it is at the head. */
  lagSeconds: number | null;
  failedPosition: number | null;
  failure: string | null;
  failedAt: Date | null;
}

export interface ProjectorStatus {
  /** What browsers and reads that wait for a write see: the lowest position of all read models. */
  horizon: number;
  projections: ProjectionStatus[];
}

interface Row {
  name: string;
  position: string;
  failed_position: string | null;
  failure: string | null;
  failed_at: Date | null;
}

export async function projectorStatus(
  db: Kysely<unknown>,
  schema = "read",
  projections: Projection<{ id: string }>[] = allProjections,
): Promise<ProjectorStatus> {
  const names = projections.map((projection) => projection.table);
  const { rows: checkpoint } = await sql<{ position: string }>`select position from ${sql.table(`${schema}.checkpoint`)}
    where name = ${CHECKPOINT}`.execute(db);
  const horizon = Number(checkpoint[0]?.position ?? 0);
  // Read models the projector has not started yet stand where it would start them: the checkpoint.
  const { rows } = await sql<Row>`select n.name, coalesce(s.position, ${horizon}) as position,
      s.failed_position, s.failure, s.failed_at
    from unnest(${names}::text[]) with ordinality as n(name, place)
    left join ${sql.table(`${schema}.projection_states`)} s on s.name = n.name
    order by n.place`.execute(db);
  const lags = await lagsOf(db, [...new Set(rows.map((row) => Number(row.position)))]);
  return {
    horizon,
    projections: rows.map((row) => {
      const lag = lags.get(Number(row.position));
      return {
        name: row.name,
        position: Number(row.position),
        lagEvents: lag?.events ?? null,
        lagSeconds: lag?.seconds ?? null,
        failedPosition: row.failed_position === null ? null : Number(row.failed_position),
        failure: row.failure,
        failedAt: row.failed_at,
      };
    }),
  };
}

/** Per position: how many events follow it, and how long the first of them has waited. */
async function lagsOf(
  db: Kysely<unknown>,
  positions: number[],
): Promise<Map<number, { events: number; seconds: number }>> {
  try {
    const { rows } = await sql<{ position: string; events: string; seconds: number | null }>`
      select p.position,
             (select count(*) from events e where e.global_position > p.position) as events,
             extract(epoch from now() - (select e.recorded_at from events e where e.global_position > p.position
                                         order by e.global_position limit 1))::float8 as seconds
      from unnest(${positions}::bigint[]) as p(position)`.execute(db);
    return new Map(
      rows.map((row) => [Number(row.position), { events: Number(row.events), seconds: Math.max(0, row.seconds ?? 0) }]),
    );
  } catch {
    return new Map();
  }
}
