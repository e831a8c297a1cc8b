import { v4 } from "uuid";

/**
 * A new random UUID. `crypto.randomUUID` exists only in secure contexts (https, localhost): a
 * recruiter who opens the app at the machine's name over plain http has only
 * `crypto.getRandomValues`, which uuid's v4 falls back to.
 */
export function newId(): string {
  return v4();
}
