import { Card, Loader, Stack, Text, Title } from "@mantine/core";
import { PersonProjectList } from "../../components/people/person-project-list.tsx";
import { usePeopleProjects } from "../../components/people/use-people-projects.ts";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";

// Before the replica's first catch-up, what it lacks may yet come: never "none" then.
const stillSyncing = "This device is still catching up with the server: projects show here once it has.";
const moreMayCome = "This device is still catching up with the server: more may show.";

/**
 * The person's projects, with the stage and response in each: those the user may read, which are
 * the ones this replica holds. Before the first catch-up an empty list proves nothing, and says so.
 */
export function PersonProjectsCard({ personId }: { personId: string }) {
  const entries = usePeopleProjects([personId])?.get(personId);
  const synced = useFirstSyncDone();
  const loading = entries === undefined || synced === undefined;
  return (
    <Card withBorder component="section" aria-label="Projects">
      <Title order={2} size="h4" mb="sm">
        Projects
      </Title>
      {loading ? (
        <Loader size="sm" aria-label="Loading projects" />
      ) : entries.length > 0 ? (
        <Stack gap="xs">
          <PersonProjectList entries={entries} layout="panel" />
          {!synced && (
            <Text size="sm" c="dimmed">
              {moreMayCome}
            </Text>
          )}
        </Stack>
      ) : (
        <Text c="dimmed">{synced ? "Not in any project you have access to." : stillSyncing}</Text>
      )}
    </Card>
  );
}
