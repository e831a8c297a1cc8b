// The first page of the Talent Pool or of a workspace's People, read as soon as the replica is open
// on a load that opens one (first-list-of-path.ts): see early-read.ts.
import { type PeopleSource, poolSource, readListRows, workspaceSource } from "../components/people/people-source.ts";
import type { PersonListRow } from "../components/people/use-people.ts";
import { PAGE_SIZE_DEFAULT } from "../constants.ts";
import type { ReplicaDb } from "../replica/replica-db.ts";
import { readSignedInUser } from "../replica/signed-in-user.ts";
import { EarlyRead } from "./early-read.ts";

export const earlyPeopleRows = new EarlyRead<PersonListRow[]>();

/** Names a page of a people list, as the list's own read (use-people-view.ts) asks for it. */
export const peopleRowsKey = (source: PeopleSource, page: number, pageSize: number) =>
  `${source.key} ${page} ${pageSize}`;

/** `uid`: the signed-in user as the session names them; the Talent Pool is of their id, once held. */
export function beginFirstPeopleRows(db: ReplicaDb, uid: string, workspaceId: string | null): Promise<void> {
  return earlyPeopleRows.begin(async () => {
    if (workspaceId !== null) return firstPage(db, workspaceSource(workspaceId));
    const user = await readSignedInUser(db, uid);
    return user ? firstPage(db, poolSource(user.id)) : undefined;
  });
}

async function firstPage(db: ReplicaDb, source: PeopleSource) {
  const value = await readListRows(db, source, 1, PAGE_SIZE_DEFAULT);
  return { key: peopleRowsKey(source, 1, PAGE_SIZE_DEFAULT), value };
}
