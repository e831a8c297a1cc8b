export interface LoopResult {
  operations: number;
  seconds: number;
  perSecond: number;
}

/**
 * Runs `concurrency` workers, each calling `operation` back to back until `durationMs` has passed,
 * and counts the calls that completed. An operation that throws stops the whole run: a benchmark
 * that counts failures as work would flatter the code under test.
 */
export async function runTimedLoop(
  concurrency: number,
  durationMs: number,
  operation: (worker: number, iteration: number) => Promise<void>,
): Promise<LoopResult> {
  let operations = 0;
  let failure: unknown;
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async (index: number) => {
    for (let iteration = 0; performance.now() < deadline && failure === undefined; iteration++) {
      try {
        await operation(index, iteration);
        operations++;
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  const seconds = (performance.now() - started) / 1000;
  if (failure !== undefined) throw failure;
  return { operations, seconds, perSecond: operations / seconds };
}
