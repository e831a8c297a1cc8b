import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useSnapshot } from "valtio";
import { readCredentials } from "../api/session-credentials.ts";
import { useReplica } from "../replica/replica-provider.tsx";
import { auth } from "../state/auth-state.ts";

/**
 * The signed-in user: the replica's row, which follows changes made on other devices, else the
 * one sign-in answered with. Undefined only before either is known (first start, offline).
 */
export function useCurrentUser(): UserRow | undefined {
  const { db } = useReplica();
  const { user } = useSnapshot(auth);
  const uid = readCredentials()?.uid;
  const stored = useLiveQuery(
    () => (uid ? db.users.filter((row) => row.email.toLowerCase() === uid.toLowerCase()).first() : undefined),
    [db, uid],
  );
  return stored ?? user ?? undefined;
}
