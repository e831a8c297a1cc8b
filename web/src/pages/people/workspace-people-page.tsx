import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useState } from "react";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { AssignBar } from "../../components/people/assign-bar.tsx";
import { EditPersonModal } from "../../components/people/edit-person-modal.tsx";
import { ExportPeopleModal } from "../../components/people/export-people-modal.tsx";
import { ImportPeopleModal } from "../../components/people/import-people-modal.tsx";
import { PeopleListView } from "../../components/people/people-list-view.tsx";
import { type PersonListRow, useWorkspacePeople } from "../../components/people/use-people.ts";
import { usePeopleView } from "../../components/people/use-people-view.ts";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { WorkspacePeopleEmpty } from "./workspace-people-empty.tsx";

/** /workspaces/{id}/people: the workspace's candidates, to search, edit, import and assign. */
export function WorkspacePeoplePage({ workspaceId }: { workspaceId: string }) {
  const { db } = useReplica();
  const workspace = useLiveQuery(async () => (await db.workspaces.get(workspaceId)) ?? null, [db, workspaceId]);
  const people = useWorkspacePeople(workspaceId);
  const synced = useFirstSyncDone();
  const [importing, setImporting] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const view = usePeopleView(people ?? []);
  const selectedIds = useMemo(
    () => (people ?? []).filter((person) => view.selected.has(person.id)).map((person) => person.id),
    [people, view.selected],
  );
  const clearSelection = () => {
    for (const personId of view.selected) view.toggle(personId);
  };

  if (workspace === undefined || !people || (!workspace && !synced) || (people.length === 0 && !synced)) {
    return <LoadingScreen label="Loading people" />;
  }
  if (!workspace) {
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          People
        </Title>
        <Text c="dimmed">This workspace is not available.</Text>
        <RouterAnchor href="/workspaces">Back to Workspaces</RouterAnchor>
      </Stack>
    );
  }
  const hrefOf = (person: PersonListRow) => `/workspaces/${workspaceId}/people/${person.id}`;
  const editing = editingId === null ? undefined : people.find((person) => person.id === editingId);
  const openImport = () => setImporting(true);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={1} size="h2">
            People
          </Title>
          <Text c="dimmed">{workspace.name}</Text>
        </Stack>
        {people.length > 0 && <Button onClick={openImport}>Add People</Button>}
      </Group>
      {people.length === 0 ? (
        <WorkspacePeopleEmpty onImport={openImport} />
      ) : (
        <PeopleListView
          view={view}
          hrefOf={hrefOf}
          selectable
          onEdit={(person) => setEditingId(person.id)}
          actions={
            <Group justify="space-between" align="flex-end">
              <AssignBar selectedIds={selectedIds} workspaceId={workspaceId} onAssigned={clearSelection} />
              <Button variant="default" onClick={() => setExporting(true)}>
                Export People
              </Button>
            </Group>
          }
        />
      )}
      {editing && <EditPersonModal person={editing} onClose={() => setEditingId(null)} />}
      {importing && <ImportPeopleModal workspaceId={workspaceId} onClose={() => setImporting(false)} />}
      {exporting && (
        <ExportPeopleModal
          selectedIds={selectedIds}
          workspaceId={workspaceId}
          onClose={() => setExporting(false)}
          onExported={clearSelection}
        />
      )}
    </Stack>
  );
}
