/** What the browser said when asked to keep this site's data until the user clears it. */
export type Persistence = "persisted" | "best-effort" | "unavailable";

/** The part of `navigator.storage` used here. */
export type StorageManagerLike = Pick<StorageManager, "persist" | "persisted">;

/**
 * Asks once that the replica not be evicted under storage pressure. A page outside a secure
 * context (plain http at a machine's name) has no `navigator.storage`: nothing is asked then, and
 * the answer says so rather than pretend. A refusal, or a browser that throws, leaves the data
 * stored as before ("best-effort"): the app works the same, only eviction stays possible.
 */
export async function requestPersistentStorage(storage: StorageManagerLike | undefined): Promise<Persistence> {
  if (!storage || typeof storage.persist !== "function" || typeof storage.persisted !== "function") {
    return "unavailable";
  }
  try {
    if (await storage.persisted()) return "persisted";
    return (await storage.persist()) ? "persisted" : "best-effort";
  } catch {
    return "best-effort";
  }
}

/** `navigator.storage` where the page has it (a secure context), else undefined. */
export function browserStorageManager(): StorageManagerLike | undefined {
  if (typeof navigator === "undefined" || !("storage" in navigator)) return undefined;
  // Typed as always there, it is missing outside a secure context.
  const storage: StorageManager | undefined = navigator.storage;
  return storage ?? undefined;
}
