import type { AnalyticsPeriod } from "@hirestream/contracts/analytics/analytics-period.ts";
import { memberActivities } from "@hirestream/domain/analytics/analytics-fact.ts";

// The export's files as SQL over the fact and dimension tables: the figures exactly as
// services/domain/src/analytics/aggregates.ts defines them (period, cohorts, quantiles, rounding).
// Every query orders its rows completely, so the same log writes the same bytes. Text a user
// typed goes through `cell`, which makes it formula-safe in CSV files.

export const exportFiles = [
  "stage_funnel",
  "time_in_stage",
  "step_performance",
  "time_to_first_reply",
  "member_activity",
] as const;
export type ExportFile = (typeof exportFiles)[number];

const hour = 3_600_000;
const quantileHours = (q: number, expression: string, filter = "") =>
  `round(quantile_cont(greatest(0, ${expression}), ${q})${filter} / ${hour}, 2)`;

export function exportQueries(period: AnalyticsPeriod): Record<ExportFile, string> {
  // Open ends as the widest epoch milliseconds: every fact is inside them.
  const from = period.from ?? Number.MIN_SAFE_INTEGER;
  const to = period.to ?? Number.MAX_SAFE_INTEGER;
  const inPeriod = (column: string) => `(${column} >= ${from} and ${column} < ${to})`;
  return {
    stage_funnel: `
      with ordered as (
        select project_id, stage_id, name, position,
          lead(stage_id) over (partition by project_id order by position) as next_stage_id
        from stages),
      entries as (select project_id, stage_id, candidacy_id, happened_at, seq from stage_facts where kind = 'entered'),
      entered as (
        select project_id, stage_id, candidacy_id, min(seq) as first_seq
        from entries where ${inPeriod("happened_at")} group by project_id, stage_id, candidacy_id),
      left_stage as (
        select project_id, stage_id, count(distinct candidacy_id) as n
        from stage_facts where kind = 'left' and ${inPeriod("happened_at")} group by project_id, stage_id),
      converted as (
        select o.project_id, o.stage_id, count(distinct e.candidacy_id) as n
        from ordered o join entered e on e.project_id = o.project_id and e.stage_id = o.stage_id
        where exists (select 1 from entries later
          where later.project_id = o.project_id and later.stage_id = o.next_stage_id
            and later.candidacy_id = e.candidacy_id and later.seq > e.first_seq and later.happened_at < ${to})
        group by o.project_id, o.stage_id),
      counts as (
        select o.project_id, o.stage_id, o.name, o.position, o.next_stage_id,
          (select count(*) from entered e where e.project_id = o.project_id and e.stage_id = o.stage_id) as entered,
          coalesce(l.n, 0) as left_count, coalesce(c.n, 0) as converted
        from ordered o
        left join left_stage l on l.project_id = o.project_id and l.stage_id = o.stage_id
        left join converted c on c.project_id = o.project_id and c.stage_id = o.stage_id)
      select c.project_id, cell(p.name) as project_name, c.position as stage_position, c.stage_id,
        cell(c.name) as stage_name, c.entered, c.left_count as "left",
        case when c.next_stage_id is null then null else c.converted end as converted_to_next,
        case when c.next_stage_id is null or c.entered = 0 then null
          else round(c.converted / c.entered, 4) end as conversion_to_next
      from counts c join projects p using (project_id)
      order by p.name, c.project_id, c.position`,

    time_in_stage: `
      with stays as (
        select project_id, stage_id, count(*) as stays,
          ${quantileHours(0.5, "happened_at - entered_at")} as median_hours,
          ${quantileHours(0.9, "happened_at - entered_at")} as p90_hours
        from stage_facts where kind = 'left' and ${inPeriod("happened_at")} group by project_id, stage_id)
      select s.project_id, cell(p.name) as project_name, s.position as stage_position, s.stage_id,
        cell(s.name) as stage_name, coalesce(t.stays, 0) as stays, t.median_hours, t.p90_hours
      from stages s join projects p using (project_id)
      left join stays t on t.project_id = s.project_id and t.stage_id = s.stage_id
      order by p.name, s.project_id, s.position`,

    step_performance: `
      with counted as (
        select project_id, sequence_id, step,
          count(*) filter (where outcome = 'sent') as sent,
          count(*) filter (where outcome = 'sent' and tracked) as sent_tracked,
          count(*) filter (where outcome = 'opened_by_person') as opened_by_people,
          count(*) filter (where outcome = 'opened_by_machine') as machine_opens,
          count(*) filter (where outcome = 'replied') as replied,
          count(*) filter (where outcome = 'bounced') as bounced,
          count(*) filter (where outcome = 'opted_out') as opted_out
        from step_facts where ${inPeriod("sent_at")} and happened_at < ${to}
        group by project_id, sequence_id, step)
      select c.project_id, cell(p.name) as project_name, c.sequence_id, cell(coalesce(q.name, '')) as sequence_name,
        c.step, cell(coalesce(s.name, '')) as step_name, c.sent, c.sent_tracked, c.opened_by_people,
        c.machine_opens, c.replied, c.bounced, c.opted_out
      from counted c join projects p using (project_id)
      left join sequences q on q.sequence_id = c.sequence_id
      left join steps s on s.sequence_id = c.sequence_id and s.step = c.step
      order by p.name, c.project_id, q.name, c.sequence_id, c.step`,

    time_to_first_reply: `
      with runs as (
        select project_id, sequence_id,
          count(*) filter (where outcome = 'contacted') as contacted,
          count(*) filter (where outcome = 'replied') as replied,
          ${quantileHours(0.5, "happened_at - contacted_at", " filter (where outcome = 'replied')")} as median_hours,
          ${quantileHours(0.9, "happened_at - contacted_at", " filter (where outcome = 'replied')")} as p90_hours
        from run_facts where ${inPeriod("contacted_at")} and happened_at < ${to}
        group by project_id, sequence_id)
      select r.project_id, cell(p.name) as project_name, r.sequence_id, cell(coalesce(q.name, '')) as sequence_name,
        r.contacted, r.replied,
        case when r.contacted = 0 then null else round(r.replied / r.contacted, 4) end as reply_rate,
        r.median_hours, r.p90_hours
      from runs r join projects p using (project_id)
      left join sequences q on q.sequence_id = r.sequence_id
      order by p.name, r.project_id, q.name, r.sequence_id`,

    member_activity: `
      with done as (
        select a.* from activity_facts a
        where ${inPeriod("a.happened_at")} and (a.project_id is null or a.project_id in (select project_id from projects)))
      select m.user_id, cell(m.name) as name, cell(m.email) as email, m.role,
        ${memberActivities.map((activity) => `count(d.activity) filter (where d.activity = '${activity}') as ${activity}`).join(",\n        ")},
        count(d.activity) as total
      from members m left join done d on d.user_id = m.user_id
      group by m.user_id, m.name, m.email, m.role
      order by m.name, m.user_id`,
  };
}
