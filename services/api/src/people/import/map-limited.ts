/**
 * Like Promise.all over `items.map(run)`, with at most `limit` runs at once; results keep their
 * order. After a run fails no new one starts, so a broken import stops rather than carrying on
 * behind an answer already sent.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  // One iterator shared by the workers: each takes the next item when it is free.
  const entries = items.entries();
  let failed = false;
  const worker = async () => {
    for (const [index, item] of entries) {
      if (failed) return;
      try {
        results[index] = await run(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
