import { DomainError } from "@hirestream/contracts/errors.ts";

/** How a decision refused, to compare with the words a rule test expects; a decision that accepts fails the test. */
export function rejection(run: () => unknown): { code: string; detail: string; pointer: string | undefined } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, detail: error.message, pointer: error.pointer };
    throw error;
  }
  throw new Error("expected a refusal, but the decision was accepted");
}
