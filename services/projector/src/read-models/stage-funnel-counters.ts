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
 * before. A candidacy is in one stage at a time, so it leaves a stage after each entry into it: its
 * first leave is the one with a single entry before it, and a leave writes nothing of its own.
 * Run in the batch's transaction, with the facts and the read model's position, so a batch undone
 * or applied again counts nothing twice.
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
    with facts as (
      select * from jsonb_to_recordset(${JSON.stringify(facts)}::jsonb) as x(k int, c uuid, s uuid, p uuid, n bigint)),
    entries as (
      select c, s, min(p::text)::uuid as p, min(n) as first_position, max(n) as last_position
      from facts where k = 1 group by c, s),
    before as (
      select * from ${table("funnel_stays")} where candidacy_id in (select distinct c from facts)),
    stays as (
      select coalesce(e.c, o.candidacy_id) as c, coalesce(e.s, o.stage_id) as s, coalesce(e.p, o.project_id) as p,
        o.first_position as old_first, o.last_position as old_last,
        coalesce(o.first_position, e.first_position) as first_position,
        greatest(o.last_position, e.last_position) as last_position, e.last_position as batch_last
      from entries e full join before o on o.candidacy_id = e.c and o.stage_id = e.s),
    written as (
      insert into ${table("funnel_stays")} (candidacy_id, stage_id, project_id, first_position, last_position)
      select c, s, p, first_position, last_position from stays where batch_last is not null
      on conflict (candidacy_id, stage_id) do update set last_position = excluded.last_position),
    leaves as (
      select k, c, s, p,
        count(*) filter (where k = 1) over (partition by c, s order by n, k
          rows between unbounded preceding and 1 preceding) as entries_before
      from facts),
    first_leaves as (
      select l.p, l.s from leaves l left join before o on o.candidacy_id = l.c and o.stage_id = l.s
      where l.k = 0 and l.entries_before
        + case when o.candidacy_id is null then 0 when o.first_position = o.last_position then 1 else 2 end = 1),
    stage_counts as (
      insert into ${table("funnel_stages")} as t (project_id, stage_id, entered, "left")
      select p, s, sum(entered), sum(left_) from (
        select p, s, 1 as entered, 0 as left_ from stays where old_first is null and batch_last is not null
        union all
        select p, s, 0, 1 from first_leaves) counted
      group by p, s
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
