/**
 * The names browsers give to "no space left for this site": the standard one, and Firefox's own
 * for a storage that reached its group limit.
 */
const QUOTA_NAMES = new Set(["QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"]);

/**
 * Whether an IndexedDB failure came from the site running out of space. Dexie wraps what the
 * browser says: a transaction aborted at commit answers an AbortError whose `inner` is the
 * browser's QuotaExceededError, a failed bulk write a BulkError listing each failure, and errors
 * rethrown by our code may carry it as `cause`. So the whole chain is searched, not the top.
 */
export function isQuotaError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== "object" || next === null || seen.has(next)) continue;
    seen.add(next);
    if ("name" in next && typeof next.name === "string" && QUOTA_NAMES.has(next.name)) return true;
    if ("inner" in next) pending.push(next.inner);
    if ("cause" in next) pending.push(next.cause);
    if ("failures" in next && Array.isArray(next.failures)) pending.push(...next.failures);
  }
  return false;
}
