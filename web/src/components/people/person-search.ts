// Searching and paging people offline, over the replica's rows, the way the server's lists do it
// (services/api/src/people/people-queries.ts), so a search answers the same on and off line.
import type { PersonRow } from "@hirestream/contracts/people/rows.ts";
import { personOrderKey } from "../../replica/people-order.ts";

/** The fields a search looks in: the same ten as the server's search index. */
export const searchedFields = [
  "first_name",
  "last_name",
  "email",
  "email_second",
  "email_work",
  "company",
  "title",
  "city",
  "state",
  "country",
] as const;

export type SearchablePerson = Pick<PersonRow, "id" | (typeof searchedFields)[number]>;

/** The server reads no more words than this; past it, both ignore the rest alike. */
const MAX_WORDS = 8;

/** The words of a search, lower-cased; each must appear somewhere in a person's searched fields. */
export function searchWords(searchBy: string): string[] {
  return searchBy
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}

/**
 * What a search looks in, lower-cased: the searched fields joined with spaces, so a word (which
 * has none) never matches across two fields.
 */
export function searchTextOf(person: SearchablePerson): string {
  return searchedFields
    .map((field) => person[field])
    .filter((value): value is string => value !== null)
    .join(" ")
    .toLowerCase();
}

/** Whether a person's search text (`searchTextOf`) holds every word. */
export function textHoldsWords(text: string, words: readonly string[]): boolean {
  return words.every((word) => text.includes(word));
}

export function matchesWords(person: SearchablePerson, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  return textHoldsWords(searchTextOf(person), words);
}

/** Last name, then first name, case aside, digits as numbers, blank names last, then the id (people-order.ts). */
export function comparePeople(a: SearchablePerson, b: SearchablePerson): number {
  const left = personOrderKey(a);
  const right = personOrderKey(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The people matching every word of `searchBy`, in list order: the order the lists' indexes keep. */
export function searchPeople<P extends SearchablePerson>(people: readonly P[], searchBy: string): P[] {
  const words = searchWords(searchBy);
  return people
    .filter((person) => matchesWords(person, words))
    .map((person) => ({ person, key: personOrderKey(person) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ person }) => person);
}

export interface Page<T> {
  items: T[];
  /** 1-based, within 1..pages even when asked for a page past the end (the list shrank). */
  page: number;
  pages: number;
  total: number;
}

export function pageOf<T>(items: readonly T[], page: number, size: number): Page<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  return {
    items: items.slice((current - 1) * size, current * size),
    page: current,
    pages,
    total: items.length,
  };
}
