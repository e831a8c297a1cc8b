import { sql, type Transaction } from "kysely";
import type { AnalyticsFactRow } from "./analytics-facts.projection.ts";

/** The funnel's tables that move with the analytics facts (and are rebuilt with them). */
export const stageFunnelTables = ["funnel_stays", "funnel_stages", "funnel_pairs"];

/**
 * Counts a batch's stage facts into the whole log's funnel (see the migration that creates its
 * tables), in one statement: every part of it reads the stays as they were before the batch, which
 * is what tells a first entry, a first leave and a newly counted pair from those counted already.
 * A pair (A, X) can only become counted by an entry into X of this batch: then the candidacy's last
 * entry into X is the batch's, and it counts if it comes after the first entry into A and did not
 * before. Run in the batch's transaction, with the facts and the read model's position, so a batch
 * undone or applied again counts nothing twice.
 */
export async function countStageFunnel(
  trx: Transaction<unknown>,
  schema: string,
  rows: readonly AnalyticsFactRow[],
): Promise<void> {
  const facts = rows.flatMap((row) =>
    (row.kind === "stage_entered" || row.kind === "stage_left") && row.subject_id && row.stage_id && row.project_id
      ? [
          {
            k: row.kind === "stage_entered" ? 1 : 0,
            c: row.subject_id,
            s: row.stage_id,
            p: row.project_id,
            n: row.position,
          },
        ]
      : [],
  );
  if (facts.length === 0) return;
  const table = (name: string) => sql.table(`${schema}.${name}`);
  await sql`
    with batch as (
      select c, s, min(p::text)::uuid as p,
        min(n) filter (where k = 1) as first_position, max(n) filter (where k = 1) as last_position,
        bool_or(k = 0) as has_left
      from jsonb_to_recordset(${JSON.stringify(facts)}::jsonb) as x(k int, c uuid, s uuid, p uuid, n bigint)
      group by c, s),
    before as (
      select * from ${table("funnel_stays")}
      where candidacy_id in (select distinct c from batch)),
    stays as (
      select coalesce(b.c, o.candidacy_id) as c, coalesce(b.s, o.stage_id) as s, coalesce(b.p, o.project_id) as p,
        o.first_position as old_first, o.last_position as old_last, coalesce(o.has_left, false) as old_left,
        coalesce(o.first_position, b.first_position) as first_position,
        greatest(o.last_position, b.last_position) as last_position,
        b.last_position as batch_last, coalesce(b.has_left, false) as batch_left
      from batch b full join before o on o.candidacy_id = b.c and o.stage_id = b.s),
    written as (
      insert into ${table("funnel_stays")} (candidacy_id, stage_id, project_id, first_position, last_position, has_left)
      select c, s, p, first_position, last_position, old_left or batch_left from stays
      where batch_last is not null or batch_left
      on conflict (candidacy_id, stage_id) do update set
        first_position = excluded.first_position, last_position = excluded.last_position, has_left = excluded.has_left),
    stage_counts as (
      insert into ${table("funnel_stages")} as t (project_id, stage_id, entered, "left")
      select p, s, count(*) filter (where old_first is null and first_position is not null),
        count(*) filter (where batch_left and not old_left)
      from stays group by p, s
      having count(*) filter (where (old_first is null and first_position is not null) or (batch_left and not old_left)) > 0
      on conflict (project_id, stage_id) do update set
        entered = t.entered + excluded.entered, "left" = t."left" + excluded."left")
    insert into ${table("funnel_pairs")} as t (project_id, from_stage_id, to_stage_id, candidacies)
    select x.p, a.s, x.s, count(*)
    from stays x join stays a on a.c = x.c and a.s <> x.s
    where x.batch_last is not null and x.last_position > a.first_position
      and not coalesce(x.old_last > a.old_first, false)
    group by x.p, a.s, x.s
    on conflict (project_id, from_stage_id, to_stage_id) do update set candidacies = t.candidacies + excluded.candidacies`.execute(
    trx,
  );
}
