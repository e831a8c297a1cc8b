import { Button, Group, Stack, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { AssignBar } from "../../components/people/assign-bar.tsx";
import { EditPersonModal } from "../../components/people/edit-person-modal.tsx";
import { ImportPeopleModal } from "../../components/people/import-people-modal.tsx";
import { PeopleListView } from "../../components/people/people-list-view.tsx";
import { type PersonListRow, usePoolPeople } from "../../components/people/use-people.ts";
import { usePeopleView } from "../../components/people/use-people-view.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { useMyWorkspaces } from "../../hooks/use-workspaces.ts";
import { TalentPoolEmpty } from "./talent-pool-empty.tsx";

const profileHref = (person: PersonListRow) => `/profile/${person.id}`;

/** /talent_pool: the people the user owns, to search, edit and assign to any project. */
export function TalentPoolPage() {
  const user = useCurrentUser();
  const people = usePoolPeople(user?.id);
  const workspaces = useMyWorkspaces(user?.id);
  const synced = useFirstSyncDone();
  const [importing, setImporting] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const view = usePeopleView(people ?? []);
  const selectedIds = useMemo(
    () => (people ?? []).filter((person) => view.selected.has(person.id)).map((person) => person.id),
    [people, view.selected],
  );
  const clearSelection = () => {
    for (const personId of view.selected) view.toggle(personId);
  };

  // Before the first sync an empty pool means "not here yet", not "none".
  if (!user || !people || (people.length === 0 && !synced)) return <LoadingScreen label="Loading your Talent Pool" />;
  const editing = editingId === null ? undefined : people.find((person) => person.id === editingId);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Talent Pool
        </Title>
        {people.length > 0 && <Button onClick={() => setImporting(true)}>Add People</Button>}
      </Group>
      {people.length === 0 ? (
        <TalentPoolEmpty onAddPeople={() => setImporting(true)} />
      ) : (
        <PeopleListView
          view={view}
          hrefOf={profileHref}
          selectable
          onEdit={(person) => setEditingId(person.id)}
          actions={<AssignBar selectedIds={selectedIds} workspaces={workspaces ?? []} onAssigned={clearSelection} />}
        />
      )}
      {editing && <EditPersonModal person={editing} onClose={() => setEditingId(null)} />}
      {importing && <ImportPeopleModal onClose={() => setImporting(false)} />}
    </Stack>
  );
}
