import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useState } from "react";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { AssignBar } from "../../components/people/assign-bar.tsx";
import { ExportPeopleModal } from "../../components/people/export-people-modal.tsx";
import { PeopleListView } from "../../components/people/people-list-view.tsx";
import { EditPersonModal, ImportPeopleModal } from "../../components/people/people-modals-on-open.tsx";
import { type PeopleSource, workspaceSource } from "../../components/people/people-source.ts";
import { type PersonListRow, usePerson } from "../../components/people/use-people.ts";
import { useIndexedPeopleView } from "../../components/people/use-people-view.ts";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { useScopeProgress, useSyncFocus } from "../../hooks/use-scope-progress.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { WorkspacePeopleEmpty } from "./workspace-people-empty.tsx";

/** /workspaces/{id}/people: the workspace's candidates, to search, edit, import and assign. */
export function WorkspacePeoplePage({ workspaceId }: { workspaceId: string }) {
  const { db } = useReplica();
  const workspace = useLiveQuery(async () => (await db.workspaces.get(workspaceId)) ?? null, [db, workspaceId]);
  const source = useMemo<PeopleSource>(() => workspaceSource(workspaceId), [workspaceId]);
  useSyncFocus([source.scope]);
  const view = useIndexedPeopleView(source);
  const progress = useScopeProgress();
  const [importing, setImporting] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const editing = usePerson(editingId ?? "");
  // The workspace's scope holds its people: until it is in, none means "not here yet".
  const complete = progress?.held.has(source.scope) ?? false;
  const outlined = progress?.outlined ?? false;

  if (workspace === undefined || !view || (!workspace && !outlined) || (view.total === 0 && !complete)) {
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
  const openImport = () => setImporting(true);
  const { selectedIds } = view;
  const clearSelection = () => {
    for (const personId of view.selected) view.toggle(personId);
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={1} size="h2">
            People
          </Title>
          <Text c="dimmed">{workspace.name}</Text>
        </Stack>
        {view.total > 0 && <Button onClick={openImport}>Add People</Button>}
      </Group>
      {view.total === 0 ? (
        <WorkspacePeopleEmpty onImport={openImport} />
      ) : (
        <PeopleListView
          view={view}
          hrefOf={hrefOf}
          selectable
          complete={complete}
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
