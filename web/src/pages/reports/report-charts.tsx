import type {
  ReportFigure,
  StageFunnelRow,
  StepPerformanceRow,
  TimeInStageRow,
} from "@hirestream/contracts/analytics/reports.ts";
import { BarChart } from "@mantine/charts";
import { Box, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { CsvExportButton } from "../workspace-home/csv-export-button.tsx";
import { type ReportFilters, reportsQueryOf } from "./use-reports.ts";

/** One bar series of a chart: its key, its legend, its colour, and its value in a figure's row (null: no bar). */
interface Series<Row> {
  name: string;
  label: string;
  color: string;
  value: (row: Row) => number | null;
}

/** How one figure of the Reports draws: its title, its bars per row, and what it says without rows. */
export interface ChartTable<Row> {
  figure: ReportFigure;
  title: string;
  /** A row's category on the axis, without its project's name. */
  category: (row: Row) => string;
  series: readonly Series<Row>[];
  unit?: string;
  empty: string;
}

const noWorkflow = "No project of this workspace has a workflow.";

export const funnelChart: ChartTable<StageFunnelRow> = {
  figure: "stage_funnel",
  title: "Stage funnel",
  category: (row) => row.stage_name,
  series: [
    { name: "entered", label: "Entered", color: "blue.6", value: (row) => row.entered },
    // The last stage has no next one: no bar, rather than a zero that reads as nobody went on.
    { name: "converted", label: "Went on to the next stage", color: "teal.6", value: (row) => row.converted_to_next },
    { name: "left", label: "Left", color: "gray.5", value: (row) => row.left },
  ],
  empty: noWorkflow,
};

export const timeInStageChart: ChartTable<TimeInStageRow> = {
  figure: "time_in_stage",
  title: "Time in stage",
  category: (row) => row.stage_name,
  // A stage no stay ended in has no length yet: no bar, rather than a zero that reads as no time.
  series: [
    { name: "median", label: "Median (hours)", color: "violet.6", value: (row) => row.median_hours },
    { name: "p90", label: "90th percentile (hours)", color: "orange.6", value: (row) => row.p90_hours },
  ],
  unit: " h",
  empty: noWorkflow,
};

export const stepPerformanceChart: ChartTable<StepPerformanceRow> = {
  figure: "step_performance",
  title: "Step performance",
  category: (row) => `${row.sequence_name} · ${row.step}. ${row.step_name}`,
  series: [
    { name: "sent", label: "Sent", color: "blue.6", value: (row) => row.sent },
    { name: "opened", label: "Opened by people", color: "cyan.6", value: (row) => row.opened_by_people },
    { name: "replied", label: "Replied", color: "teal.6", value: (row) => row.replied },
    { name: "bounced", label: "Bounced", color: "red.6", value: (row) => row.bounced },
    { name: "opted_out", label: "Opted out", color: "gray.6", value: (row) => row.opted_out },
  ],
  empty: "No step was sent in this period.",
};

/** A chart's rows as the bar chart reads them: a category (with its project's name when every project shows) and a value per series. */
export function chartData<Row extends { project_name: string }>(
  table: ChartTable<Row>,
  rows: readonly Row[],
  oneProject: boolean,
): Record<string, string | number | null>[] {
  return rows.map((row) => {
    const category = table.category(row);
    const datum: Record<string, string | number | null> = {
      category: oneProject ? category : `${row.project_name} · ${category}`,
    };
    for (const series of table.series) datum[series.name] = series.value(row);
    return datum;
  });
}

/** The chart's height with its legend, as the card has always shown it. */
const CHART_HEIGHT = 300;
/** The legend's height in one row of series above the bars (more rows push the bars down), which recharts would otherwise measure. */
const LEGEND_HEIGHT = 44;

/**
 * One figure of the Reports as a bar chart in a card, with its CSV to download. The legend is drawn
 * into a box of its own above the bars (recharts' legend portal) rather than inside the chart: inside,
 * recharts measures it once drawn and lays every bar and tick out again for it, a whole render of a
 * hundred categories more before the first bar is on the screen.
 */
export function ReportChart<Row extends { project_name: string }>(props: {
  table: ChartTable<Row>;
  rows: readonly Row[];
  workspaceId: string;
  filters: ReportFilters;
}) {
  const { table, filters } = props;
  const data = chartData(table, props.rows, filters.projectId !== null);
  const query = new URLSearchParams(reportsQueryOf(filters)).toString();
  const [legend, setLegend] = useState<HTMLDivElement | null>(null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={table.title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {table.title}
          </Title>
          <CsvExportButton
            path={`/workspaces/${props.workspaceId}/reports/${table.figure}/csv${query ? `?${query}` : ""}`}
            fileName={`${table.figure}.csv`}
            text="Download CSV"
            label={`Download CSV: ${table.title}`}
          />
        </Group>
        {data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {table.empty}
          </Text>
        ) : (
          <Box>
            <Box ref={setLegend} mih={LEGEND_HEIGHT} />
            {legend && (
              <BarChart
                h={CHART_HEIGHT - LEGEND_HEIGHT}
                data={data}
                dataKey="category"
                withLegend
                legendProps={{ portal: legend }}
                {...(table.unit === undefined ? {} : { unit: table.unit })}
                series={table.series.map(({ name, label, color }) => ({ name, label, color }))}
              />
            )}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
