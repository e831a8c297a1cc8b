import { Group, Stack, Text, Title } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { CsvExportButton } from "./csv-export-button.tsx";
import { dashboardProjects } from "./dashboard-queries.ts";
import { ProjectStatsTable } from "./project-stats-table.tsx";

/** /workspaces/{id}/home: the dashboard, with each project's figures and the CSV exports. */
export function WorkspaceHomePage({ workspaceId }: { workspaceId: string }) {
  const { db } = useReplica();
  const synced = useFirstSyncDone();
  const workspace = useLiveQuery(async () => (await db.workspaces.get(workspaceId)) ?? null, [db, workspaceId]);
  const projects = useLiveQuery(() => dashboardProjects(db, workspaceId), [db, workspaceId]);

  if (
    workspace === undefined ||
    projects === undefined ||
    (!workspace && !synced) ||
    (projects.length === 0 && !synced)
  ) {
    return <LoadingScreen label="Loading the dashboard" />;
  }
  if (!workspace) {
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <Text c="dimmed">This workspace is not available.</Text>
        <RouterAnchor href="/workspaces">Back to Workspaces</RouterAnchor>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {workspace.name}
        </Title>
        <CsvExportButton
          path={`/workspaces/${workspaceId}/export_analytics`}
          fileName={`${workspace.name}_analytics.csv`}
          label={`Export ${workspace.name} as CSV`}
        />
      </Group>
      {projects.length === 0 ? (
        <Stack gap="xs" py="xl" align="center">
          <Title order={2} size="h3">
            Welcome to {workspace.name}!
          </Title>
          <Text c="dimmed" ta="center">
            This workspace has no projects yet. Create one, add people to it, and its figures show here.
          </Text>
          <RouterAnchor href={`/workspaces/${workspaceId}/projects`}>Go to Projects</RouterAnchor>
        </Stack>
      ) : (
        <ProjectStatsTable projects={projects} />
      )}
    </Stack>
  );
}
