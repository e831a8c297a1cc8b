import { Card, Stack, Text, Title } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import type { PersonListRow } from "../../components/people/use-people.ts";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { useReplica } from "../../replica/replica-provider.tsx";
import { PersonProjectsCard } from "./person-projects-card.tsx";

/** The workspaces of the person that this replica knows by name: the user's own. */
function usePersonWorkspaces(workspaceIds: readonly string[]) {
  const { db } = useReplica();
  // By content: the row is a fresh object after every sync, its ids mostly the same.
  const key = workspaceIds.join(",");
  return useLiveQuery(async () => {
    const rows = await db.workspaces.bulkGet(key === "" ? [] : key.split(","));
    return rows.flatMap((row) => (row ? [{ id: row.id, name: row.name }] : []));
  }, [db, key]);
}

/** Where the person is used: the projects and workspaces of the user's that hold them. */
export function PersonSidePanel({ person, inPool }: { person: PersonListRow; inPool: boolean }) {
  const workspaces = usePersonWorkspaces(person.workspace_ids);
  return (
    <Stack gap="md">
      <PersonProjectsCard personId={person.id} />
      <Card withBorder component="section" aria-label="Workspaces">
        <Title order={2} size="h4" mb="sm">
          Workspaces
        </Title>
        <Stack gap={4}>
          {workspaces?.map((workspace) => (
            <RouterAnchor key={workspace.id} href={`/workspaces/${workspace.id}/people`}>
              {workspace.name}
            </RouterAnchor>
          ))}
          {workspaces?.length === 0 && <Text c="dimmed">Not in any of your workspaces.</Text>}
          {inPool && (
            <Text size="sm" c="dimmed">
              In your Talent Pool.
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
