import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useRef, useState } from "react";
import { searchWords } from "../../../components/people/person-search.ts";
import {
  boardPage,
  type Candidate,
  type PipelinePage,
  type PipelineQuery,
  pipelinePage,
  searchCandidacies,
  viewTotal,
} from "../../../components/pipeline/pipeline-queries.ts";
import { PAGE_SIZE_DEFAULT } from "../../../constants.ts";
import { boardPageKey, earlyBoardPage } from "../../../first-screen/first-board-page.ts";
import { useEarlyAnswer } from "../../../first-screen/use-early-answer.ts";
import { useLiveValue } from "../../../hooks/use-live-value.ts";
import { useStableCallback } from "../../../hooks/use-stable-callback.ts";
import type { ListPlace } from "../../../replica/candidacy-store.ts";
import { useReplica } from "../../../replica/replica-provider.tsx";
import { useProjectCounts } from "../../../replica/use-project-counts.ts";
import { pageStart, withCount } from "./board-page-count.ts";
import { keptRows } from "./kept-rows.ts";

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

/**
 * The People tab's view of the project. The project page holds it, from its first render and
 * beside its read of the project itself: held by the tab, the board's first read waited for the
 * project's row to arrive and the page around the tab to render. `active`: the tab is shown; the
 * board is not read while another tab is.
 */
export function usePipelineView(
  project: { id: string; workspace_id: string },
  stages: readonly StageRow[],
  active: boolean,
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
  // The people are read once per search; the page, cheap, again whenever the pipeline changes.
  const wordsGiven = searchWords(searchBy).length > 0;
  const searched = useLiveQuery(
    async () => (active && wordsGiven ? searchCandidacies(db, project.workspace_id, project.id, searchBy) : undefined),
    [db, project.workspace_id, project.id, searchBy, active, wordsGiven],
  );
  // No words, no search, from the first render: an empty search's answer, coming a moment after
  // it, would begin the board's first read again, behind the sync's writes begun meanwhile.
  const search = wordsGiven ? (searched ?? null) : null;
  // The view's count, from the project's counts, read apart (most moves in the project change
  // them) and once for the whole screen (the stage chips and the page show them too).
  const total = useProjectCounts(project.id, (counts) => viewTotal(counts, stageId), stageId ?? "");
  // Without a search the page is read down to where it ended last time (boardPage), so that a move
  // further down the list does not read it again. A page read again must not render the table
  // again unless it changed: rows that did not change keep theirs.
  const shownRows = useRef<Candidate[] | undefined>(undefined);
  const pageEnd = useRef<{ view: string; last: ListPlace } | null>(null);
  const view = `${project.id} ${stageId ?? ""} ${pageNumber} ${pageSize}`;
  // The page is read again when its place in the list moves, not for every count: a sync adding
  // candidates below the page changes the count with each write, and the page not at all. Nor when
  // the first count comes: a read begun again then waited behind the sync's writes begun meanwhile,
  // and the board's first rows with it. Read again for a write, the page takes the count of then.
  const start = pageStart(total, pageNumber, pageSize);
  const totalNow = useRef(total);
  totalNow.current = total;
  const read = useLiveValue(async () => {
    if (!active) return undefined;
    const total = totalNow.current;
    const searching = search !== null && searchWords(search.searchBy).length > 0;
    const oldest = pageEnd.current?.view === view ? pageEnd.current.last : undefined;
    const read =
      searching || total === undefined
        ? await pipelinePage(db, query, search)
        : await boardPage(db, query, total, oldest, shownRows.current);
    const last = read.items.at(-1)?.candidacy;
    pageEnd.current =
      !searching && last !== undefined && read.items.length === pageSize
        ? { view, last: { created_at: last.created_at, id: last.id } }
        : null;
    const items = keptRows(shownRows.current, read.items);
    shownRows.current = items;
    return items === read.items ? read : { ...read, items };
  }, [db, project.workspace_id, project.id, stageId, pageNumber, pageSize, search, start, active]);
  // Until it answers, the load's early read of the same page, begun before this screen rendered.
  const early = useEarlyAnswer(earlyBoardPage, boardPageKey(query), read !== undefined || wordsGiven || !active);
  const shownRead = read ?? early;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's fields are listed one by one
  const page = useMemo(
    () => shownRead && withCount(shownRead, total, query),
    [shownRead, total, project.id, stageId, pageNumber, pageSize],
  );

  const searchFor = (text: string) => {
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

  // Stable, so the memoized chips, search box, rows and pager render only when what they show changes.
  const setStageId = useStableCallback((id: string | null) => {
    setChosenStage(id);
    setPage(1);
  });
  const runSearch = useStableCallback(() => searchFor(input));
  const clearSearch = useStableCallback(() => searchFor(""));
  const setPageSize = useStableCallback((size: number) => {
    setSize(size);
    setPage(1);
  });
  const toggle = useStableCallback((candidacyId: string) =>
    update((next) => {
      if (!next.delete(candidacyId)) next.add(candidacyId);
    }),
  );
  const togglePage = useStableCallback(() =>
    update((next) => {
      const all = shown.every((item) => next.has(item.candidacy.id));
      for (const item of shown) {
        if (all) next.delete(item.candidacy.id);
        else next.add(item.candidacy.id);
      }
    }),
  );
  const unselect = useStableCallback((candidacyIds: readonly string[]) =>
    update((next) => {
      for (const candidacyId of candidacyIds) next.delete(candidacyId);
    }),
  );

  // One object while nothing in it changes: the page renders again as the sync goes on, and the
  // memoized tab it hands the view to must not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's fields are listed one by one; the callbacks are stable
  return useMemo(
    () => ({
      stageId,
      setStageId,
      input,
      setInput,
      runSearch,
      clearSearch,
      searchBy,
      query,
      page,
      setPage,
      setPageSize,
      selected,
      toggle,
      togglePage,
      unselect,
    }),
    [stageId, input, searchBy, project.workspace_id, project.id, pageNumber, pageSize, page, selected],
  );
}
