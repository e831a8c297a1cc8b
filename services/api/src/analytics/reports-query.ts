import type { AnalyticsPeriod } from "@hirestream/contracts/analytics/analytics-period.ts";
import {
  type StageFunnelRow,
  type StepPerformanceRow,
  stageFunnelRow,
  stepPerformanceRow,
  type TimeInStageRow,
  timeInStageRow,
} from "@hirestream/contracts/analytics/reports.ts";
import { type RawBuilder, sql } from "kysely";
import type { Deps } from "../deps.ts";

// The Reports' figures in Postgres SQL over the analytics facts read model, exactly as
// services/domain/src/analytics/aggregates.ts defines them and as the export's DuckDB SQL
// (scripts/src/analytics/export-queries.ts) counts them: the same cohorts, the same continuous
// quantiles (percentile_cont is DuckDB's quantile_cont), the same rounding (numeric round: half
// away from zero). Every query is confined to one workspace's projects and facts.

export interface ReportScope {
  workspaceId: string;
  projectId: string | null;
  period: AnalyticsPeriod;
}

const hour = 3_600_000;

/** The scope's projects, their stages in workflow order, and its facts of one kind, as CTEs. */
function scoped({ workspaceId, projectId }: ReportScope) {
  const projects = sql`projects as (
    select id as project_id, name from read.projects
    where workspace_id = ${workspaceId} and (${projectId}::uuid is null or id = ${projectId}::uuid))`;
  const stages = sql`stages as (
    select p.id as project_id, (s.stage->>'id')::uuid as stage_id, s.stage->>'name' as name,
      (row_number() over (partition by p.id order by (s.stage->>'position')::numeric, s.ord))::int as position
    from read.projects p join read.workflows w on w.id = p.workflow_id and w.workspace_id = p.workspace_id
    cross join lateral jsonb_array_elements(w.stages) with ordinality as s(stage, ord)
    where p.workspace_id = ${workspaceId} and (${projectId}::uuid is null or p.id = ${projectId}::uuid))`;
  // One range of the index in its order (project, stage, subject), so that the figures group as
  // they read it; facts of a project out of the scope fall out where they meet `projects`.
  const facts = (kind: string) => sql`select * from read.analytics_facts
    where workspace_id = ${workspaceId} and kind = ${kind}
      and (${projectId}::uuid is null or project_id = ${projectId}::uuid)`;
  return { projects, stages, facts };
}

function bounds(period: AnalyticsPeriod) {
  // Open ends as the widest epoch milliseconds, as the export takes them.
  const from = sql`${period.from ?? Number.MIN_SAFE_INTEGER}::bigint`;
  const to = sql`${period.to ?? Number.MAX_SAFE_INTEGER}::bigint`;
  const inPeriod = (column: RawBuilder<unknown>) => sql`(${column} >= ${from} and ${column} < ${to})`;
  return { to, inPeriod };
}

const quantileHours = (q: number, expression: RawBuilder<unknown>) =>
  sql`round((percentile_cont(${q}::float8) within group (order by greatest(0, ${expression})) / ${hour})::numeric, 2)::float8`;

export async function stageFunnel(deps: Pick<Deps, "db">, scope: ReportScope): Promise<StageFunnelRow[]> {
  const whole = scope.period.from === null && scope.period.to === null;
  return whole ? wholeLogStageFunnel(deps, scope) : periodStageFunnel(deps, scope);
}

/**
 * The whole log's funnel from the counters the projector keeps with the facts (one row per stage
 * and per pair of stages): the same figures as the facts give, without reading every stay.
 */
export async function wholeLogStageFunnel(deps: Pick<Deps, "db">, scope: ReportScope): Promise<StageFunnelRow[]> {
  const { projects, stages } = scoped(scope);
  const { rows } = await sql<unknown>`
    with ${projects}, ${stages},
    ordered as (
      select project_id, stage_id, name, position,
        lead(stage_id) over (partition by project_id order by position) as next_stage_id
      from stages)
    select o.project_id, p.name as project_name, o.position as stage_position, o.stage_id, o.name as stage_name,
      coalesce(n.entered, 0) as entered, coalesce(n."left", 0) as "left",
      case when o.next_stage_id is null then null else coalesce(c.candidacies, 0) end as converted_to_next,
      case when o.next_stage_id is null or coalesce(n.entered, 0) = 0 then null
        else round(coalesce(c.candidacies, 0)::numeric / n.entered, 4)::float8 end as conversion_to_next
    from ordered o join projects p using (project_id)
    left join read.funnel_stages n on n.project_id = o.project_id and n.stage_id = o.stage_id
    left join read.funnel_pairs c on c.project_id = o.project_id and c.from_stage_id = o.stage_id
      and c.to_stage_id = o.next_stage_id
    order by p.name collate "C", o.project_id, o.position`.execute(deps.db);
  return stageFunnelRow.array().parse(rows);
}

/** The funnel of a period (or of the whole log, as a check of the counters) from the facts. */
export async function periodStageFunnel(deps: Pick<Deps, "db">, scope: ReportScope): Promise<StageFunnelRow[]> {
  const { projects, stages, facts } = scoped(scope);
  const { to, inPeriod } = bounds(scope.period);
  const { rows } = await deps.db.transaction().execute(async (trx) => {
    // `stays` holds a row per candidacy and stage (300,000 over a million events) and is read
    // twice: with the default working memory Postgres writes it to disk and sorts it there. Postgres
    // knows nothing of its size, and guessing it small would join it to itself row by row (one
    // project of a million events: 25 s instead of 30 ms).
    await sql`set local work_mem = '64MB'`.execute(trx);
    await sql`set local enable_nestloop = off`.execute(trx);
    return sql<unknown>`
    with ${projects}, ${stages},
    ordered as (
      select project_id, stage_id, name, position,
        lead(stage_id) over (partition by project_id order by position) as next_stage_id
      from stages),
    -- Each candidacy's entries into each stage in one read of the index, in its order: the first
    -- in the period (none: it did not enter in the period), and the last before the period's end.
    stays as materialized (
      select project_id, stage_id, subject_id as candidacy_id,
        min(position) filter (where ${inPeriod(sql.ref("happened_at"))}) as first_seq,
        max(position) filter (where happened_at < ${to}) as last_seq
      from (${facts("stage_entered")}) f group by project_id, stage_id, subject_id),
    entered_count as (
      select project_id, stage_id, count(first_seq) as n from stays group by project_id, stage_id),
    left_stage as (
      select project_id, stage_id, count(distinct subject_id) as n
      from (${facts("stage_left")}) f where ${inPeriod(sql.ref("happened_at"))} group by project_id, stage_id),
    -- A candidacy went on from a stage when it entered the next one after its first entry in the
    -- period, before the period's end: when its last such entry comes after that first one. One
    -- aggregate and a join rather than a lookup per candidacy (a million events: seconds to ms).
    converted as (
      -- stays holds one row per candidacy and stage: count(*) counts candidacies.
      select o.project_id, o.stage_id, count(*) as n
      from ordered o join stays e on e.project_id = o.project_id and e.stage_id = o.stage_id
      join stays r on r.project_id = o.project_id and r.stage_id = o.next_stage_id
        and r.candidacy_id = e.candidacy_id
      where r.last_seq > e.first_seq
      group by o.project_id, o.stage_id)
    select o.project_id, p.name as project_name, o.position as stage_position, o.stage_id, o.name as stage_name,
      coalesce(n.n, 0)::int as entered, coalesce(l.n, 0)::int as "left",
      case when o.next_stage_id is null then null else coalesce(c.n, 0)::int end as converted_to_next,
      case when o.next_stage_id is null or coalesce(n.n, 0) = 0 then null
        else round(coalesce(c.n, 0)::numeric / n.n, 4)::float8 end as conversion_to_next
    from ordered o join projects p using (project_id)
    left join entered_count n on n.project_id = o.project_id and n.stage_id = o.stage_id
    left join left_stage l on l.project_id = o.project_id and l.stage_id = o.stage_id
    left join converted c on c.project_id = o.project_id and c.stage_id = o.stage_id
    order by p.name collate "C", o.project_id, o.position`.execute(trx);
  });
  return stageFunnelRow.array().parse(rows);
}

export async function timeInStage(deps: Deps, scope: ReportScope): Promise<TimeInStageRow[]> {
  const { projects, stages, facts } = scoped(scope);
  const { inPeriod } = bounds(scope.period);
  const length = sql`happened_at - started_at`;
  const { rows } = await sql<unknown>`
    with ${projects}, ${stages},
    stays as (
      select project_id, stage_id, count(*) as stays,
        ${quantileHours(0.5, length)} as median_hours, ${quantileHours(0.9, length)} as p90_hours
      from (${facts("stage_left")}) f where ${inPeriod(sql.ref("happened_at"))} group by project_id, stage_id)
    select s.project_id, p.name as project_name, s.position as stage_position, s.stage_id, s.name as stage_name,
      coalesce(t.stays, 0)::int as stays, t.median_hours, t.p90_hours
    from stages s join projects p using (project_id)
    left join stays t on t.project_id = s.project_id and t.stage_id = s.stage_id
    order by p.name collate "C", s.project_id, s.position`.execute(deps.db);
  return timeInStageRow.array().parse(rows);
}

export async function stepPerformance(deps: Deps, scope: ReportScope): Promise<StepPerformanceRow[]> {
  const { projects, facts } = scoped(scope);
  const { to, inPeriod } = bounds(scope.period);
  const count = (outcome: string) => sql`(count(*) filter (where outcome = ${outcome}))::int`;
  const { rows } = await sql<unknown>`
    with ${projects},
    counted as (
      select project_id, sequence_id, step,
        ${count("sent")} as sent,
        (count(*) filter (where outcome = 'sent' and tracked))::int as sent_tracked,
        ${count("opened_by_person")} as opened_by_people,
        ${count("opened_by_machine")} as machine_opens,
        ${count("replied")} as replied,
        ${count("bounced")} as bounced,
        ${count("opted_out")} as opted_out
      from (${facts("step")}) f where ${inPeriod(sql.ref("started_at"))} and happened_at < ${to}
      group by project_id, sequence_id, step)
    select c.project_id, p.name as project_name, c.sequence_id, coalesce(q.name, '') as sequence_name,
      c.step, coalesce(s.name, '') as step_name, c.sent, c.sent_tracked, c.opened_by_people,
      c.machine_opens, c.replied, c.bounced, c.opted_out
    from counted c join projects p using (project_id)
    left join read.sequences q on q.id = c.sequence_id and q.workspace_id = ${scope.workspaceId}
    left join lateral (
      select x->>'name' as name from jsonb_array_elements(q.steps) x
      where (x->>'position')::int = c.step limit 1) s on true
    order by p.name collate "C", c.project_id, q.name collate "C", c.sequence_id, c.step`.execute(deps.db);
  return stepPerformanceRow.array().parse(rows);
}
