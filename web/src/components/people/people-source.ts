// The people lists that page from an index: the Talent Pool (by owner) and a workspace's People.
// A page and the count are read on the list's own index, in list order (people-order.ts), so an
// unfiltered list reads only the rows it shows; a search reads the list whole, as it must, in the
// same order, so that its matches need no sorting.
import { Dexie } from "dexie";
import { markLoadStep } from "../../load-steps.ts";
import { workspaceOrderRange } from "../../replica/people-order.ts";
import type { ReplicaDb } from "../../replica/replica-db.ts";
import { pageWindow } from "../pipeline/pipeline-paging.ts";
import type { Page } from "./person-search.ts";
import type { PersonListRow } from "./use-people.ts";

export interface PeopleSource {
  /** Names the list, for the queries' dependencies. */
  key: string;
  /** The scope whose snapshot holds every person of the list: until it is in, none is not "none". */
  scope: string;
  count(db: ReplicaDb): Promise<number>;
  page(db: ReplicaDb, offset: number, limit: number): Promise<PersonListRow[]>;
  /** Everyone on the list, in list order. */
  all(db: ReplicaDb): Promise<PersonListRow[]>;
  /** Whether the person is on the list (a selected one may have left it since). */
  holds(person: PersonListRow): boolean;
}

/** The Talent Pool: the people the user owns, whichever workspace they came through. */
export function poolSource(userId: string): PeopleSource {
  const range = () => [
    [userId, Dexie.minKey],
    [userId, Dexie.maxKey],
  ];
  return {
    key: `pool:${userId}`,
    scope: `user:${userId}`,
    count: (db) => {
      const [lower, upper] = range();
      return db.people.where("[owner_id+order_key]").between(lower, upper).count();
    },
    page: (db, offset, limit) => {
      const [lower, upper] = range();
      return db.people.where("[owner_id+order_key]").between(lower, upper).offset(offset).limit(limit).toArray();
    },
    all: (db) => {
      const [lower, upper] = range();
      return db.people.where("[owner_id+order_key]").between(lower, upper).toArray();
    },
    holds: (person) => person.owner_id === userId,
  };
}

/** A workspace's People. */
export function workspaceSource(workspaceId: string): PeopleSource {
  return {
    key: `ws:${workspaceId}`,
    scope: `ws:${workspaceId}`,
    count: (db) => {
      const [lower, upper] = workspaceOrderRange(workspaceId);
      return db.people.where("workspace_order").between(lower, upper).count();
    },
    page: (db, offset, limit) => {
      const [lower, upper] = workspaceOrderRange(workspaceId);
      return db.people.where("workspace_order").between(lower, upper).offset(offset).limit(limit).toArray();
    },
    all: (db) => {
      const [lower, upper] = workspaceOrderRange(workspaceId);
      return db.people.where("workspace_order").between(lower, upper).toArray();
    },
    holds: (person) => person.workspace_ids.includes(workspaceId),
  };
}

/** One page of the unfiltered list, from the list's index; `page` counts from 1. */
export async function readListRows(
  db: ReplicaDb,
  source: PeopleSource,
  page: number,
  pageSize: number,
): Promise<PersonListRow[]> {
  const rows = await source.page(db, (page - 1) * pageSize, pageSize);
  // A fresh replica's first read finds none yet: the step is the read that has rows to show.
  if (rows.length > 0) markLoadStep("rows-read");
  return rows;
}

/** A page of a list whose count may not be known yet. */
export interface ListPage extends Page<PersonListRow> {
  /** Whether `total` and `pages` are the list's: until then they only say what the rows shown prove. */
  counted: boolean;
}

/**
 * The unfiltered list's page from its rows and, once read, its count: Chromium counts an index by
 * walking every entry of it (hundreds of milliseconds for a list of ten thousand), so the rows
 * neither wait for the count nor read it again for every page. A first page shorter than a page
 * is the whole list, counted or not. Undefined when nothing can be said yet: no rows on a page
 * past the first, and no count to say whether the list ends before it.
 */
export function listPage(
  rows: readonly PersonListRow[],
  page: number,
  pageSize: number,
  count: number | undefined,
): ListPage | undefined {
  if (count !== undefined) {
    const window = pageWindow(count, page, pageSize);
    return { items: [...rows], page: window.page, pages: window.pages, total: count, counted: true };
  }
  if (page === 1 && rows.length < pageSize)
    return { items: [...rows], page, pages: 1, total: rows.length, counted: true };
  if (rows.length === 0) return undefined;
  return { items: [...rows], page, pages: page, total: (page - 1) * pageSize + rows.length, counted: false };
}
