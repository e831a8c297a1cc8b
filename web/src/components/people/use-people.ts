// The people screens read, live from the replica: never from the HTTP lists, which are for
// outside clients. Each answers undefined while the first read is under way.
import type { PersonRow } from "@hirestream/contracts/people/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import type { Stored } from "../../replica/replica-db.ts";
import { useReplica } from "../../replica/replica-provider.tsx";

export type PersonListRow = Stored<PersonRow>;

/** Everyone this replica holds: the pool and the people of every workspace the user is in. */
export function useAllPeople(): PersonListRow[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(() => db.people.toArray(), [db]);
}

/** One person; null once the replica has been asked and does not hold them. */
export function usePerson(personId: string): PersonListRow | null | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => (await db.people.get(personId)) ?? null, [db, personId]);
}
