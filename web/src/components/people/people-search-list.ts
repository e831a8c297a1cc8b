// A people list's search runs over the list held in memory: read whole once, in list order, as
// the user starts typing a search, and again only when its people change (a live query), so each
// Enter filters what is held instead of reading thousands of rows again.
import type { ReplicaDb } from "../../replica/replica-db.ts";
import type { PeopleSource } from "./people-source.ts";
import { searchTextOf, textHoldsWords } from "./person-search.ts";
import type { PersonListRow } from "./use-people.ts";

/** A person of the list with the text a search looks in, worked out once per read. */
export interface SearchedPerson {
  person: PersonListRow;
  text: string;
}

/** The whole list in list order, each person with their search text. */
export function readSearchList(db: ReplicaDb, source: PeopleSource): Promise<SearchedPerson[]> {
  // In a transaction of its own: a live query's reads outside one go through Dexie's cache, which
  // hands out a deep copy of every row on every read, thousands of objects for a list this size.
  return db.transaction("r", db.people, async () =>
    (await source.all(db)).map((person) => ({ person, text: searchTextOf(person) })),
  );
}

/** The people holding every word, in list order (the list's), with no sort of their own. */
export function findInList(list: readonly SearchedPerson[], words: readonly string[]): PersonListRow[] {
  const found: PersonListRow[] = [];
  for (const entry of list) if (textHoldsWords(entry.text, words)) found.push(entry.person);
  return found;
}
