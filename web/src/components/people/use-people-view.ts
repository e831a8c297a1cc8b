import { useMemo, useState } from "react";
import { PAGE_SIZE_DEFAULT } from "../../constants.ts";
import { useLiveValue } from "../../hooks/use-live-value.ts";
import { markLoadStep } from "../../load-steps.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { pageWindow } from "../pipeline/pipeline-paging.ts";
import type { PeopleSource } from "./people-source.ts";
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
  /** Everyone the list holds, before the search. */
  total: number;
  /** The page shown; its total counts the people the search found. */
  page: Page<PersonListRow>;
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
    selectedIds,
    selectedCount: selectedIds.length,
    togglePage: () => choices.togglePage(page.items),
  };
}

/**
 * A people table read from the replica page by page: without a search, the count and the page
 * come from the list's indexes and nothing else is read; a search reads the list whole. Undefined
 * while the first page is read.
 */
export function useIndexedPeopleView(source: PeopleSource, options: ViewOptions = {}): PeopleView | undefined {
  const { db } = useReplica();
  const choices = useChoices(options);
  const { searchBy, pageNumber, pageSize, selected } = choices;
  const selectedKey = [...selected].sort().join(",");
  const read = useLiveValue(async () => {
    const chosen = selectedKey === "" ? [] : await db.people.bulkGet(selectedKey.split(","));
    const selectedIds = chosen.flatMap((person) => (person && source.holds(person) ? [person.id] : []));
    if (searchWords(searchBy).length === 0) {
      const total = await source.count(db);
      const window = pageWindow(total, pageNumber, pageSize);
      const items = await source.page(db, window.offset, pageSize);
      markLoadStep("rows-read");
      return { total, page: { items, page: window.page, pages: window.pages, total }, selectedIds };
    }
    const everyone = await source.all(db);
    return {
      total: everyone.length,
      page: pageOf(searchPeople(everyone, searchBy), pageNumber, pageSize),
      selectedIds,
    };
    // The source is named by its key: a new object for the same list reads nothing again.
  }, [db, source.key, searchBy, pageNumber, pageSize, selectedKey]);
  if (!read) return undefined;
  return {
    ...choices,
    total: read.total,
    page: read.page,
    selectedIds: read.selectedIds,
    selectedCount: read.selectedIds.length,
    togglePage: () => choices.togglePage(read.page.items),
  };
}
