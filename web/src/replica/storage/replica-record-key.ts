/**
 * Where a replica's record (replica-record.ts) is kept in localStorage. Apart from the record's
 * schema, for the page's first module, which loads no zod.
 */
export const replicaRecordKey = (dbName: string): string => `hirestream.replica.${dbName}`;

/**
 * Whether a record's text names `uid` as the replica's owner, read without the schema. The app
 * writes the record as soon as it opens a user's replica, and removes it at sign-out: without one
 * naming the user, the profile holds no replica of theirs worth resuming (another user's goes at
 * open, replica-runtime.ts).
 */
export function recordNamesOwner(text: string | null, uid: string): boolean {
  if (!text) return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && "owner" in value && value.owner === uid;
  } catch {
    return false;
  }
}
