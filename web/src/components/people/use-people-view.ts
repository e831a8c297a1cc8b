import { useMemo, useState } from "react";
import { PAGE_SIZE_DEFAULT } from "../../constants.ts";
import { type Page, pageOf, searchPeople } from "./person-search.ts";
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
  matches: PersonListRow[];
  page: Page<PersonListRow>;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
  selected: ReadonlySet<string>;
  /** Selected people still in the list (one removed elsewhere no longer counts). */
  selectedCount: number;
  toggle: (personId: string) => void;
  /** Selects the whole page, or unselects it when all of it is selected. */
  togglePage: () => void;
}

export function usePeopleView(
  people: readonly PersonListRow[],
  options: { initialSearch?: string; onSearch?: (searchBy: string) => void } = {},
): PeopleView {
  const [input, setInput] = useState(options.initialSearch ?? "");
  const [searchBy, setSearchBy] = useState(options.initialSearch ?? "");
  const [pageNumber, setPage] = useState(1);
  const [pageSize, setSize] = useState(PAGE_SIZE_DEFAULT);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const matches = useMemo(() => searchPeople(people, searchBy), [people, searchBy]);
  const page = pageOf(matches, pageNumber, pageSize);
  const selectedCount = useMemo(() => people.filter((person) => selected.has(person.id)).length, [people, selected]);

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
  const togglePage = () =>
    setSelected((current) => {
      const next = new Set(current);
      const all = page.items.every((person) => current.has(person.id));
      for (const person of page.items) {
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
    total: people.length,
    matches,
    page,
    setPage,
    pageSize,
    setPageSize: (size) => {
      setSize(size);
      setPage(1);
    },
    selected,
    selectedCount,
    toggle,
    togglePage,
  };
}
