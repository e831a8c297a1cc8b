// The people lists that page from an index: the Talent Pool (by owner) and a workspace's People.
// A page and the count are read on the list's own index, in list order (people-order.ts), so an
// unfiltered list reads only the rows it shows; a search reads the list whole, as it must.
import { Dexie } from "dexie";
import { workspaceOrderRange } from "../../replica/people-order.ts";
import type { ReplicaDb } from "../../replica/replica-db.ts";
import type { PersonListRow } from "./use-people.ts";

export interface PeopleSource {
  /** Names the list, for the queries' dependencies. */
  key: string;
  /** The scope whose snapshot holds every person of the list: until it is in, none is not "none". */
  scope: string;
  count(db: ReplicaDb): Promise<number>;
  page(db: ReplicaDb, offset: number, limit: number): Promise<PersonListRow[]>;
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
    count: (db) => db.people.where("owner_id").equals(userId).count(),
    page: (db, offset, limit) => {
      const [lower, upper] = range();
      return db.people.where("[owner_id+order_key]").between(lower, upper).offset(offset).limit(limit).toArray();
    },
    all: (db) => db.people.where("owner_id").equals(userId).toArray(),
    holds: (person) => person.owner_id === userId,
  };
}

/** A workspace's People. */
export function workspaceSource(workspaceId: string): PeopleSource {
  return {
    key: `ws:${workspaceId}`,
    scope: `ws:${workspaceId}`,
    count: (db) => db.people.where("workspace_ids").equals(workspaceId).count(),
    page: (db, offset, limit) => {
      const [lower, upper] = workspaceOrderRange(workspaceId);
      return db.people.where("workspace_order").between(lower, upper).offset(offset).limit(limit).toArray();
    },
    all: (db) => db.people.where("workspace_ids").equals(workspaceId).toArray(),
    holds: (person) => person.workspace_ids.includes(workspaceId),
  };
}
