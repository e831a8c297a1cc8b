import { defaultFilter, filterOptions, type PayloadFilter } from "@hirestream/contracts/processors/payload-filters.ts";
import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Grid, Group, Loader, Stack, Text } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useState } from "react";
import { ListPager } from "../../../components/list-pager.tsx";
import { PAGE_SIZE_DEFAULT } from "../../../constants.ts";
import { useReplica } from "../../../replica/replica-provider.tsx";
import { NameSearch, SequenceStageChips, StatusFilter } from "./message-filters.tsx";
import { messageListPage } from "./message-list.ts";
import type { MessagePowers } from "./message-powers.ts";
import { MessagingExportButton } from "./messaging-export-button.tsx";
import { PayloadEditor } from "./payload-editor.tsx";
import { PayloadList } from "./payload-list.tsx";
import { useStagePayloads } from "./use-payloads.ts";

/** Whether the stage's sequence has review, as the replica holds the sequence; false until known. */
function useHasReview(sequenceId: string | null): boolean {
  const { db } = useReplica();
  return (
    useLiveQuery(
      async () => (sequenceId ? ((await db.sequences.get(sequenceId))?.has_review ?? false) : false),
      [db, sequenceId],
    ) ?? false
  );
}

/**
 * Spec §2's Message tab for a project whose workflow starts sequences: stage chips, the status
 * filter, a name search, the total and the export; the payloads (one per person) on the left and
 * the chosen person's payload on the right.
 */
export function MessageBoard({
  workspaceId,
  project,
  stages,
  powers,
}: {
  workspaceId: string;
  project: { id: string; name: string };
  /** The stages that start a sequence, in position order; at least one. */
  stages: readonly StageRow[];
  powers: MessagePowers;
}) {
  const [chosenStageId, setChosenStageId] = useState<string | null>(null);
  const stage = stages.find((each) => each.id === chosenStageId) ?? stages[0];
  const stageId = stage?.id ?? "";
  const hasReview = useHasReview(stage?.sequence_id ?? null);
  const [chosenFilter, setFilter] = useState<PayloadFilter | null>(null);
  const options = filterOptions(hasReview);
  const filter = chosenFilter !== null && options.includes(chosenFilter) ? chosenFilter : defaultFilter(hasReview);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const payloads = useStagePayloads(project.id, stageId);
  const listed = useMemo(
    () => (payloads ? messageListPage(payloads, { stageId, filter, search, page, pageSize }) : undefined),
    [payloads, stageId, filter, search, page, pageSize],
  );
  const selected = payloads?.some((payload) => payload.id === selectedId) ? selectedId : null;

  const chooseStage = (id: string) => {
    setChosenStageId(id);
    setFilter(null);
    setPage(1);
    setSelectedId(null);
  };

  return (
    <Stack gap="md">
      <SequenceStageChips stages={stages} stageId={stageId} onChange={chooseStage} />
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="center">
          <StatusFilter
            options={options}
            value={filter}
            onChange={(next) => {
              setFilter(next);
              setPage(1);
            }}
          />
          <NameSearch
            value={search}
            onChange={(text) => {
              setSearch(text);
              setPage(1);
            }}
          />
        </Group>
        <MessagingExportButton workspaceId={workspaceId} project={project} stageId={stageId} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          {listed === undefined ? (
            <Loader size="sm" aria-label="Loading payloads" />
          ) : (
            <Stack gap="sm">
              {listed.total === 0 ? (
                <Text ta="center" c="dimmed" py="md">
                  No results
                </Text>
              ) : (
                <PayloadList payloads={listed.items} selectedId={selected} onSelect={setSelectedId} />
              )}
              <ListPager
                noun={{ one: "person", many: "people" }}
                page={listed}
                pageSize={pageSize}
                onPage={setPage}
                onPageSize={(size) => {
                  setPageSize(size);
                  setPage(1);
                }}
              />
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <PayloadEditor payloadId={selected} powers={powers} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
