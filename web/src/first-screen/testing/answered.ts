import type { EarlyRead } from "../early-read.ts";

/** Resolves once `early` answers for `key` and `holds` of its answer. */
export function answered<T>(early: EarlyRead<T>, key: string, holds: (value: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      const value = early.answerFor(key);
      if (value === undefined || !holds(value)) return;
      stop();
      resolve(value);
    };
    const stop = early.listen(check);
    check();
  });
}
