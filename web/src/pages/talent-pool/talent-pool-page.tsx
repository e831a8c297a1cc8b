import { Button, Group, Stack, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { AssignBar } from "../../components/people/assign-bar.tsx";
import { PeopleListView } from "../../components/people/people-list-view.tsx";
import { EditPersonModal, ImportPeopleModal } from "../../components/people/people-modals-on-open.tsx";
import { type PeopleSource, poolSource } from "../../components/people/people-source.ts";
import { type PersonListRow, usePerson } from "../../components/people/use-people.ts";
import { useIndexedPeopleView } from "../../components/people/use-people-view.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useScopeProgress, useSyncFocus } from "../../hooks/use-scope-progress.ts";
import { useMyWorkspaces } from "../../hooks/use-workspaces.ts";
import { TalentPoolEmpty } from "./talent-pool-empty.tsx";

const profileHref = (person: PersonListRow) => `/profile/${person.id}`;

/** /talent_pool: the people the user owns, to search, edit and assign to any project. */
export function TalentPoolPage() {
  const user = useCurrentUser();
  if (!user) return <LoadingScreen label="Loading your Talent Pool" />;
  return <TalentPool userId={user.id} />;
}

function TalentPool({ userId }: { userId: string }) {
  const source = useMemo<PeopleSource>(() => poolSource(userId), [userId]);
  useSyncFocus([source.scope]);
  const view = useIndexedPeopleView(source);
  const progress = useScopeProgress();
  const workspaces = useMyWorkspaces(userId);
  const [importing, setImporting] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = usePerson(editingId ?? "");
  // The pool's scope holds every person of it: until it is in, an empty pool means "not here yet".
  const complete = progress?.held.has(source.scope) ?? false;
  if (!view || (view.total === 0 && !complete)) return <LoadingScreen label="Loading your Talent Pool" />;
  const clearSelection = () => {
    for (const personId of view.selected) view.toggle(personId);
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Talent Pool
        </Title>
        {view.total > 0 && <Button onClick={() => setImporting(true)}>Add People</Button>}
      </Group>
      {view.total === 0 ? (
        <TalentPoolEmpty onAddPeople={() => setImporting(true)} />
      ) : (
        <PeopleListView
          view={view}
          hrefOf={profileHref}
          selectable
          complete={complete}
          onEdit={(person) => setEditingId(person.id)}
          actions={
            <AssignBar selectedIds={view.selectedIds} workspaces={workspaces ?? []} onAssigned={clearSelection} />
          }
        />
      )}
      {editing && <EditPersonModal person={editing} onClose={() => setEditingId(null)} />}
      {importing && <ImportPeopleModal onClose={() => setImporting(false)} />}
    </Stack>
  );
}
