import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconFileTypeCsv } from "@tabler/icons-react";
import { memo, useMemo, useRef, useState } from "react";
import { ConfirmDialog } from "../../../components/dialogs/confirm-dialog.tsx";
import { ListPager } from "../../../components/list-pager.tsx";
import { EditPersonModal } from "../../../components/people/people-modals-on-open.tsx";
import { PeopleSearchBox } from "../../../components/people/people-search-box.tsx";
import { usePerson } from "../../../components/people/use-people.ts";
import { isReadOnly, projectAbilities } from "../../../components/projects/project-permissions.ts";
import { accessTo, type ProjectListItem } from "../../../components/projects/use-projects.ts";
import { RouterAnchor } from "../../../components/router-anchor.tsx";
import { EmptyListShown } from "../../../hooks/use-rows-shown.ts";
import { type CandidateHandlers, candidateName } from "./candidate-row.tsx";
import { CandidatesTable } from "./candidates-table.tsx";
import { SelectionBar } from "./selection-bar.tsx";
import { StageChips } from "./stage-chips.tsx";
import { type PendingAction, useCandidateActions } from "./use-candidate-actions.ts";
import type { PipelineView } from "./use-pipeline-view.ts";

/** Spec §2 and §8, word for word where the spec gives the words. */
const texts = {
  stopSequenceTitle: "Move Person",
  stopSequence: "This action will stop the sequence",
  removeTitle: "Remove Person",
  removeMessage: "Once deleted it cannot be recovered",
} as const;

function confirmation(pending: PendingAction, projectName: string) {
  if (pending?.kind === "move") {
    return { title: texts.stopSequenceTitle, message: texts.stopSequence, label: "Move" };
  }
  const who = pending?.names.length === 1 ? pending.names[0] : `${pending?.names.length ?? 0} candidates`;
  return {
    title: texts.removeTitle,
    message: `Remove ${who} from ${projectName}? ${texts.removeMessage}; the person stays in the workspace and the Talent Pool.`,
    label: "Remove",
  };
}

/**
 * The project's pipeline: its candidates by stage, to filter, search, move, answer for and remove;
 * `onImport`, when the user may add people, opens the Add People import modal. Memoized: the
 * page around it renders again as the replica's sync state changes, which the tab mostly ignores.
 */
export const ProjectPeopleTab = memo(function ProjectPeopleTab({
  project,
  stages,
  view,
  hasCandidates,
  held,
  onImport,
}: {
  /** As the page read it, with the user's roles: the tab reads it no second time. */
  project: ProjectListItem;
  /** The project's workflow's stages, in order. */
  stages: readonly StageRow[];
  /** What the tab shows and what the user chose in it (usePipelineView), held by the page. */
  view: PipelineView;
  /** Undefined while the replica is read, or while its candidates are still coming. */
  hasCandidates: boolean | undefined;
  /** Whether the project's candidates, and the workspace's people (a search's), are all in. */
  held: { candidates: boolean; people: boolean };
  onImport?: (() => void) | undefined;
}) {
  const readOnly = isReadOnly(projectAbilities(project, accessTo(project)));
  const actions = useCandidateActions(view.unselect);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = usePerson(editingId ?? "");
  const { page } = view;
  const { toggle } = view;
  const { move, respond, remove } = actions;
  const handlers = useMemo<CandidateHandlers>(
    () => ({
      toggle: (candidate) => toggle(candidate.candidacy.id),
      move: (candidate, stage) => move([candidate.candidacy], stage),
      respond: (candidate, response) => respond(candidate.candidacy, response),
      edit: (candidate) => setEditingId(candidate.candidacy.person_id),
      remove: (candidate) => remove([candidate.candidacy], [candidateName(candidate)]),
    }),
    [toggle, move, respond, remove],
  );
  const bulk = useMemo(() => ({ move, remove }), [move, remove]);
  const { selected, togglePage } = view;
  const selection = useMemo(
    () => (readOnly ? undefined : { selected, onTogglePage: togglePage }),
    [readOnly, selected, togglePage],
  );
  // The dialog keeps its words while it closes: the question asked, not a blank one's.
  const lastAsked = useRef<PendingAction>(null);
  if (actions.pending !== null) lastAsked.current = actions.pending;

  if (hasCandidates === undefined || page === undefined) return <Loader size="sm" aria-label="Loading candidates" />;
  if (!hasCandidates) {
    return (
      <Stack gap="xs" py="xl" align="center">
        <Text c="dimmed">No candidates in this project yet.</Text>
        <EmptyListShown />
        <RouterAnchor href={`/workspaces/${project.workspace_id}/people`}>
          Add people from the workspace's People
        </RouterAnchor>
      </Stack>
    );
  }

  const searching = page.searchBy !== view.searchBy || page.query.stageId !== view.query.stageId;
  const asked = confirmation(lastAsked.current, project.name);

  return (
    <Stack gap="md">
      <StageChips projectId={project.id} stages={stages} stageId={view.stageId} onChange={view.setStageId} />
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="center">
          <PeopleSearchBox
            label="Search candidates"
            value={view.input}
            onChange={view.setInput}
            onSearch={view.runSearch}
            onClear={view.clearSearch}
          />
          {searching && <Loader size="xs" aria-label="Searching" />}
        </Group>
        <Group gap="sm" align="center">
          {!readOnly && <SelectionBar selected={view.selected} stages={stages} actions={bulk} />}
          {!readOnly && onImport && (
            <Button variant="light" leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />} onClick={onImport}>
              Add People
            </Button>
          )}
        </Group>
      </Group>
      {page.total === 0 && !(held.candidates && (page.searchBy === "" || held.people)) ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading candidates" />
        </Group>
      ) : page.total === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          No results
          <EmptyListShown />
        </Text>
      ) : (
        <CandidatesTable
          candidates={page.items}
          stages={stages}
          workspaceId={project.workspace_id}
          selection={selection}
          handlers={readOnly ? undefined : handlers}
          footer={
            // Its rows-per-page dropdown positions a popover as it mounts: after the rows.
            <ListPager
              noun={{ one: "candidate", many: "candidates" }}
              page={page}
              pageSize={view.query.pageSize}
              onPage={view.setPage}
              onPageSize={view.setPageSize}
            />
          }
        />
      )}
      {editing && <EditPersonModal person={editing} silentErrors onClose={() => setEditingId(null)} />}
      <ConfirmDialog
        opened={actions.pending !== null}
        title={asked.title}
        message={asked.message}
        confirmLabel={asked.label}
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
      />
    </Stack>
  );
});
