import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useSnapshot } from "valtio";
import { readCredentials } from "../api/session-credentials.ts";
import { useReplica } from "../replica/replica-provider.tsx";
import { readSignedInUser } from "../replica/signed-in-user.ts";
import { auth } from "../state/auth-state.ts";

/**
 * The signed-in user: the replica's row, which follows changes made on other devices, else the
 * one sign-in answered with. Undefined only before either is known (first start, offline). Until
 * the live query's first answer, the row the replica held when it opened.
 */
export function useCurrentUser(): UserRow | undefined {
  const runtime = useReplica();
  const { db } = runtime;
  const { user } = useSnapshot(auth);
  const uid = readCredentials()?.uid;
  const opened = runtime.openedUser;
  const held = opened && uid?.toLowerCase() === opened.email.toLowerCase() ? opened : undefined;
  const stored = useLiveQuery(() => (uid ? readSignedInUser(db, uid) : Promise.resolve(undefined)), [db, uid], held);
  return stored ?? user ?? undefined;
}
