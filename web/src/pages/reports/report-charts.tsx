import type {
  ReportFigure,
  StageFunnelRow,
  StepPerformanceRow,
  TimeInStageRow,
} from "@hirestream/contracts/analytics/reports.ts";
import { BarChart } from "@mantine/charts";
import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { CsvExportButton } from "../workspace-home/csv-export-button.tsx";
import { type ReportFilters, reportsQueryOf } from "./use-reports.ts";

/** A stage's or step's name on an axis; with every project shown, the project's name before it. */
const named = (row: { project_name: string }, name: string, oneProject: boolean) =>
  oneProject ? name : `${row.project_name} · ${name}`;

function ChartCard(props: {
  figure: ReportFigure;
  title: string;
  workspaceId: string;
  filters: ReportFilters;
  children: ReactNode;
}) {
  const query = new URLSearchParams(reportsQueryOf(props.filters)).toString();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={props.title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {props.title}
          </Title>
          <CsvExportButton
            path={`/workspaces/${props.workspaceId}/reports/${props.figure}/csv${query ? `?${query}` : ""}`}
            fileName={`${props.figure}.csv`}
            text="Download CSV"
            label={`Download CSV: ${props.title}`}
          />
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}

const noRows = (what: string) => (
  <Text c="dimmed" size="sm">
    {what}
  </Text>
);

export function FunnelChart(props: { rows: StageFunnelRow[]; workspaceId: string; filters: ReportFilters }) {
  const oneProject = props.filters.projectId !== null;
  const data = props.rows.map((row) => ({
    stage: named(row, row.stage_name, oneProject),
    entered: row.entered,
    left: row.left,
    // The last stage has no next one: no bar, rather than a zero that reads as nobody went on.
    converted: row.converted_to_next,
  }));
  return (
    <ChartCard figure="stage_funnel" title="Stage funnel" workspaceId={props.workspaceId} filters={props.filters}>
      {data.length === 0 ? (
        noRows("No project of this workspace has a workflow.")
      ) : (
        <BarChart
          h={300}
          data={data}
          dataKey="stage"
          withLegend
          series={[
            { name: "entered", label: "Entered", color: "blue.6" },
            { name: "converted", label: "Went on to the next stage", color: "teal.6" },
            { name: "left", label: "Left", color: "gray.5" },
          ]}
        />
      )}
    </ChartCard>
  );
}

export function TimeInStageChart(props: { rows: TimeInStageRow[]; workspaceId: string; filters: ReportFilters }) {
  const oneProject = props.filters.projectId !== null;
  const data = props.rows.map((row) => ({
    stage: named(row, row.stage_name, oneProject),
    // A stage no stay ended in has no length yet: no bar, rather than a zero that reads as no time.
    median: row.median_hours,
    p90: row.p90_hours,
  }));
  return (
    <ChartCard figure="time_in_stage" title="Time in stage" workspaceId={props.workspaceId} filters={props.filters}>
      {data.length === 0 ? (
        noRows("No project of this workspace has a workflow.")
      ) : (
        <BarChart
          h={300}
          data={data}
          dataKey="stage"
          withLegend
          unit=" h"
          series={[
            { name: "median", label: "Median (hours)", color: "violet.6" },
            { name: "p90", label: "90th percentile (hours)", color: "orange.6" },
          ]}
        />
      )}
    </ChartCard>
  );
}

export function StepPerformanceChart(props: {
  rows: StepPerformanceRow[];
  workspaceId: string;
  filters: ReportFilters;
}) {
  const oneProject = props.filters.projectId !== null;
  const data = props.rows.map((row) => ({
    step: named(row, `${row.sequence_name} · ${row.step}. ${row.step_name}`, oneProject),
    sent: row.sent,
    opened: row.opened_by_people,
    replied: row.replied,
    bounced: row.bounced,
    opted_out: row.opted_out,
  }));
  return (
    <ChartCard
      figure="step_performance"
      title="Step performance"
      workspaceId={props.workspaceId}
      filters={props.filters}
    >
      {data.length === 0 ? (
        noRows("No step was sent in this period.")
      ) : (
        <BarChart
          h={300}
          data={data}
          dataKey="step"
          withLegend
          series={[
            { name: "sent", label: "Sent", color: "blue.6" },
            { name: "opened", label: "Opened by people", color: "cyan.6" },
            { name: "replied", label: "Replied", color: "teal.6" },
            { name: "bounced", label: "Bounced", color: "red.6" },
            { name: "opted_out", label: "Opted out", color: "gray.6" },
          ]}
        />
      )}
    </ChartCard>
  );
}
