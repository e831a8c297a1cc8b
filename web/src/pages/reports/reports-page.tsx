import "@mantine/charts/styles.css";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { useWorkspaceRole } from "../../components/workflows/use-workflows.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { type LaterFigures, nothingToReport } from "./load-reports.ts";
import { funnelChart, ReportChart, stepPerformanceChart, timeInStageChart } from "./report-charts.tsx";
import { useAfterIdle } from "./use-after-idle.ts";
import { type ReportFilters, useReports } from "./use-reports.ts";

/** Words of the page that tests and the README quote. */
export const reportsWords = {
  title: "Reports",
  allProjects: "All projects",
  loading: "Loading reports",
  empty: "Nothing happened in this period: no candidate entered or left a stage, and no step was sent.",
  failed: "The reports could not be loaded.",
  leadsOnly: "Only the workspace's owners and managers see its reports.",
} as const;

/**
 * /workspaces/{id}/reports (issue 17): the stage funnel, time in stage and step performance of the
 * workspace, by project and period, as the analytics export counts them. The figures come from
 * the API (the server counts them from the event log's facts), not from the replica.
 */
export function ReportsPage({ workspaceId }: { workspaceId: string }) {
  const { db } = useReplica();
  const user = useCurrentUser();
  const role = useWorkspaceRole(workspaceId, user?.id);
  const projects = useLiveQuery(
    () => db.projects.where("workspace_id").equals(workspaceId).sortBy("name"),
    [db, workspaceId],
  );
  const [filters, setFilters] = useState<ReportFilters>({ projectId: null, from: null, to: null });
  const [attempt, setAttempt] = useState(0);
  const state = useReports(workspaceId, filters, attempt);

  if (role === undefined) return <LoadingScreen label={reportsWords.loading} />;
  if (role === null || !mayInWorkspace(role, "reports.read")) {
    return (
      <Stack p="md">
        <Title order={2}>{reportsWords.title}</Title>
        <Text>{reportsWords.leadsOnly}</Text>
      </Stack>
    );
  }

  const date = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
  return (
    <Stack p="md" gap="md">
      <Title order={2}>{reportsWords.title}</Title>
      <Group align="flex-end">
        <Select
          label="Project"
          w={260}
          data={[
            { value: "", label: reportsWords.allProjects },
            ...(projects ?? []).map((project) => ({ value: project.id, label: project.name })),
          ]}
          value={filters.projectId ?? ""}
          onChange={(value) => setFilters({ ...filters, projectId: value ? value : null })}
          allowDeselect={false}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.from ?? ""}
          onChange={(event) => setFilters({ ...filters, from: date(event.currentTarget.value) })}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.to ?? ""}
          onChange={(event) => setFilters({ ...filters, to: date(event.currentTarget.value) })}
        />
      </Group>
      {state.status === "loading" && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{reportsWords.loading}</Text>
        </Group>
      )}
      {state.status === "failed" && (
        <Alert color="red" title={reportsWords.failed} role="alert">
          <Stack gap="xs" align="flex-start">
            {state.messages.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
            <Button size="xs" variant="default" onClick={() => setAttempt(attempt + 1)}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {state.status === "loaded" &&
        (state.later !== null && nothingToReport(state.stage_funnel, state.later) ? (
          <Text>{reportsWords.empty}</Text>
        ) : (
          <>
            <ReportChart table={funnelChart} rows={state.stage_funnel} workspaceId={workspaceId} filters={filters} />
            {state.later === null ? (
              <Group gap="xs" role="status">
                <Loader size="sm" />
                <Text size="sm">{reportsWords.loading}</Text>
              </Group>
            ) : (
              <LaterCharts later={state.later} workspaceId={workspaceId} filters={filters} />
            )}
          </>
        ))}
    </Stack>
  );
}

/**
 * The charts below the first, drawn once the first one is on the screen: three charts of a hundred
 * bars each take the page's thread for a second or more, and the first should not wait for the others.
 */
function LaterCharts(props: { later: LaterFigures; workspaceId: string; filters: ReportFilters }) {
  const drawn = useAfterIdle();
  if (!drawn) return null;
  return (
    <>
      <ReportChart
        table={timeInStageChart}
        rows={props.later.time_in_stage}
        workspaceId={props.workspaceId}
        filters={props.filters}
      />
      <ReportChart
        table={stepPerformanceChart}
        rows={props.later.step_performance}
        workspaceId={props.workspaceId}
        filters={props.filters}
      />
    </>
  );
}
