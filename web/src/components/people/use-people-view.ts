import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useRef, useState } from "react";
import { PAGE_SIZE_DEFAULT } from "../../constants.ts";
import { earlyPeopleRows, peopleRowsKey } from "../../first-screen/first-people-rows.ts";
import { useEarlyAnswer } from "../../first-screen/use-early-answer.ts";
import { useLiveValue } from "../../hooks/use-live-value.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { pageWindow } from "../pipeline/pipeline-paging.ts";
import { findInList, readSearchList } from "./people-search-list.ts";
import { type ListPage, listPage, type PeopleSource, readListRows } from "./people-source.ts";
import { type Page, pageOf, searchPeople, searchWords } from "./person-search.ts";
import type { PersonListRow } from "./use-people.ts";

/** What a people table shows and what the user has chosen in it: search, page, size, selection. */
export interface PeopleView {
  /** The search box's text; it applies on Enter. */
  input: string;
  setInput: (text: string) => void;
  searchBy: string;
  runSearch: () => void;
  clearSearch: () => void;
  /** Everyone the list holds, before the search; while not `counted`, at least this many. */
  total: number;
  /** The page shown; its total counts the people the search found. */
  page: Page<PersonListRow>;
  /**
   * Whether the page's total and pages are known: a long list's count comes after its first rows,
   * and until then the pager waits.
   */
  counted: boolean;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
  selected: ReadonlySet<string>;
  /** Selected people still in the list (one removed elsewhere no longer counts). */
  selectedIds: string[];
  selectedCount: number;
  toggle: (personId: string) => void;
  /** Selects the whole page, or unselects it when all of it is selected. */
  togglePage: () => void;
}

interface ViewOptions {
  initialSearch?: string;
  onSearch?: (searchBy: string) => void;
}

/** The choices a people table keeps: search, page, size and selection. */
function useChoices(options: ViewOptions) {
  const [input, setInput] = useState(options.initialSearch ?? "");
  const [searchBy, setSearchBy] = useState(options.initialSearch ?? "");
  const [pageNumber, setPage] = useState(1);
  const [pageSize, setSize] = useState(PAGE_SIZE_DEFAULT);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const search = (text: string) => {
    setInput(text);
    setSearchBy(text.trim());
    setPage(1);
    options.onSearch?.(text.trim());
  };
  const toggle = (personId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(personId)) next.add(personId);
      return next;
    });
  const togglePage = (items: readonly PersonListRow[]) =>
    setSelected((current) => {
      const next = new Set(current);
      const all = items.every((person) => current.has(person.id));
      for (const person of items) {
        if (all) next.delete(person.id);
        else next.add(person.id);
      }
      return next;
    });
  return {
    input,
    setInput,
    searchBy,
    runSearch: () => search(input),
    clearSearch: () => search(""),
    pageNumber,
    setPage,
    pageSize,
    setPageSize: (size: number) => {
      setSize(size);
      setPage(1);
    },
    selected,
    toggle,
    togglePage,
  };
}

/** A people table over rows already read (Talent Search: everyone this device holds, searched). */
export function usePeopleView(people: readonly PersonListRow[], options: ViewOptions = {}): PeopleView {
  const choices = useChoices(options);
  const { searchBy, pageNumber, pageSize, selected } = choices;
  const matches = useMemo(() => searchPeople(people, searchBy), [people, searchBy]);
  const page = pageOf(matches, pageNumber, pageSize);
  const selectedIds = useMemo(
    () => people.filter((person) => selected.has(person.id)).map((person) => person.id),
    [people, selected],
  );
  return {
    ...choices,
    total: people.length,
    page,
    counted: true,
    selectedIds,
    selectedCount: selectedIds.length,
    togglePage: () => choices.togglePage(page.items),
  };
}

/**
 * A people table read from the replica page by page: without a search, the page comes from the
 * list's index and nothing else is read, and the count, read apart, follows (people-source.ts). A
 * search runs over the list held in memory (people-search-list.ts), read as the user starts typing
 * one and kept while the box or the search holds text. Undefined while the first page is read.
 */
export function useIndexedPeopleView(source: PeopleSource, options: ViewOptions = {}): PeopleView | undefined {
  const { db } = useReplica();
  const choices = useChoices(options);
  const { input, searchBy, pageNumber, pageSize, selected } = choices;
  const words = useMemo(() => searchWords(searchBy), [searchBy]);
  const searching = words.length > 0;
  // While searching, the unfiltered list stays on its first page, where clearing the search lands.
  const rowsPage = searching ? 1 : pageNumber;
  // The source is named by its key: a new object for the same list reads nothing again.
  const own = useLiveValue(() => readListRows(db, source, rowsPage, pageSize), [db, source.key, rowsPage, pageSize]);
  // Until it answers, the load's early read of the same page, begun before this screen rendered.
  const early = useEarlyAnswer(earlyPeopleRows, peopleRowsKey(source, rowsPage, pageSize), own !== undefined);
  const rows = own ?? early;
  // Asked once the first rows are in: IndexedDB answers a store's reads one transaction after
  // another, and the count must not hold the rows back.
  const read = rows !== undefined;
  const count = useLiveQuery(() => (read ? source.count(db) : Promise.resolve(undefined)), [db, source.key, read]);
  // A page past the end of a list that shrank: its last page.
  const lastPage = count === undefined ? rowsPage : pageWindow(count, rowsPage, pageSize).page;
  if (!searching && lastPage !== pageNumber) choices.setPage(lastPage);
  const holdList = searching || searchWords(input).length > 0;
  const list = useLiveQuery(
    () => (holdList ? readSearchList(db, source) : Promise.resolve(null)),
    [db, source.key, holdList],
  );
  const found = useMemo(() => (searching && list ? findInList(list, words) : null), [searching, list, words]);
  const selectedKey = [...selected].sort().join(",");
  const held = useLiveValue(async () => {
    if (selectedKey === "") return [];
    const chosen = await db.people.bulkGet(selectedKey.split(","));
    return chosen.flatMap((person) => (person && source.holds(person) ? [person.id] : []));
  }, [db, source.key, selectedKey]);
  // Until the list is read, a search just run shows what was on screen before it.
  const shown = useRef<ListPage | null>(null);
  const unfiltered = rows && listPage(rows, rowsPage, pageSize, count);
  if (!unfiltered) return undefined;
  const page = !searching
    ? unfiltered
    : found
      ? { ...pageOf(found, pageNumber, pageSize), counted: true }
      : (shown.current ?? unfiltered);
  shown.current = page;
  // One just unselected leaves at once; one just selected counts once read.
  const selectedIds = (held ?? []).filter((personId) => selected.has(personId));
  return {
    ...choices,
    total: unfiltered.total,
    page,
    counted: page.counted,
    selectedIds,
    selectedCount: selectedIds.length,
    togglePage: () => choices.togglePage(page.items),
  };
}
