import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import type { ReplicaDb, Stored } from "./replica-db.ts";

/**
 * The signed-in user's own row, by the email (uid) they signed in with; undefined until sync brings
 * it. Read past the few users the replica holds (the people the user works with), not by an index.
 */
export function readSignedInUser(db: ReplicaDb, uid: string): Promise<Stored<UserRow> | undefined> {
  const email = uid.toLowerCase();
  return db.users.filter((row) => row.email.toLowerCase() === email).first();
}
