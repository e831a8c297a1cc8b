import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import {
  type PipelinePage,
  type PipelineQuery,
  pipelinePage,
  type StageCounts,
  searchCandidacies,
  stageCounts,
} from "../../../components/pipeline/pipeline-queries.ts";
import { PAGE_SIZE_DEFAULT } from "../../../constants.ts";
import { useReplica } from "../../../replica/replica-provider.tsx";

/** What the People tab shows and what the user has chosen in it: stage, search, page, size, selection. */
export interface PipelineView {
  /** Null: the All chip. */
  stageId: string | null;
  setStageId: (stageId: string | null) => void;
  /** The search box's text; it applies on Enter. */
  input: string;
  setInput: (text: string) => void;
  runSearch: () => void;
  clearSearch: () => void;
  /** The search run last (on Enter); the page may still answer the one before while it is read. */
  searchBy: string;
  query: PipelineQuery;
  counts: StageCounts | undefined;
  /** The page last read; while the next one loads it still answers the previous query. */
  page: PipelinePage | undefined;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  selected: ReadonlySet<string>;
  toggle: (candidacyId: string) => void;
  /** Selects the whole page, or unselects it when all of it is selected. */
  togglePage: () => void;
  unselect: (candidacyIds: readonly string[]) => void;
}

export function usePipelineView(
  project: { id: string; workspace_id: string },
  stages: readonly StageRow[],
): PipelineView {
  const { db } = useReplica();
  const [chosenStage, setChosenStage] = useState<string | null>(null);
  const [input, setInput] = useState("");
  const [searchBy, setSearchBy] = useState("");
  const [pageNumber, setPage] = useState(1);
  const [pageSize, setSize] = useState(PAGE_SIZE_DEFAULT);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A stage that left the workflow (its copy was edited) falls back to All.
  const stageId = stages.some((stage) => stage.id === chosenStage) ? chosenStage : null;
  const query: PipelineQuery = {
    workspaceId: project.workspace_id,
    projectId: project.id,
    stageId,
    page: pageNumber,
    pageSize,
  };
  const stageKey = stages.map((stage) => stage.id).join(",");
  const counts = useLiveQuery(
    () => stageCounts(db, project.id, stageKey === "" ? [] : stageKey.split(",")),
    [db, project.id, stageKey],
  );
  // The people are read once per search; the page, cheap, again whenever the pipeline changes.
  const searched = useLiveQuery(
    () => searchCandidacies(db, project.workspace_id, project.id, searchBy),
    [db, project.workspace_id, project.id, searchBy],
  );
  const search = searched ?? null;
  const page = useLiveQuery(
    () => pipelinePage(db, query, search),
    [db, project.workspace_id, project.id, stageId, pageNumber, pageSize, search],
  );

  const runSearch = (text: string) => {
    setInput(text);
    setSearchBy(text.trim());
    setPage(1);
  };
  const update = (change: (next: Set<string>) => void) =>
    setSelected((current) => {
      const next = new Set(current);
      change(next);
      return next;
    });
  const shown = page?.items ?? [];

  return {
    stageId,
    setStageId: (id) => {
      setChosenStage(id);
      setPage(1);
    },
    input,
    setInput,
    runSearch: () => runSearch(input),
    clearSearch: () => runSearch(""),
    searchBy,
    query,
    counts,
    page,
    setPage,
    setPageSize: (size) => {
      setSize(size);
      setPage(1);
    },
    selected,
    toggle: (candidacyId) =>
      update((next) => {
        if (!next.delete(candidacyId)) next.add(candidacyId);
      }),
    togglePage: () =>
      update((next) => {
        const all = shown.every((item) => next.has(item.candidacy.id));
        for (const item of shown) {
          if (all) next.delete(item.candidacy.id);
          else next.add(item.candidacy.id);
        }
      }),
    unselect: (candidacyIds) =>
      update((next) => {
        for (const candidacyId of candidacyIds) next.delete(candidacyId);
      }),
  };
}
