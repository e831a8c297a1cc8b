import { SNAPSHOT_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import type { ParsedServerMessage } from "./server-message.ts";

/**
 * A catch-up's first parts (every scope's few rows, sent back to back before any scope's many) as
 * they arrive on one connection: they wait for one another and go in together, in one transaction,
 * unless they come to a part's worth of rows, which goes in while the rest arrive. The `syncing`
 * before them waits with them: on its own it is a transaction whose commit the page answers only
 * between the tasks of its first render, and the first rows would wait for that answer. What waits
 * goes on, first and in the order it came, with the first message that is not such a part
 * (drain-pile.ts then joins the pile into one step).
 */
export class FirstParts {
  /** The scopes of the catch-up under way whose first part (their few rows) has not arrived. */
  #unframed = new Set<string>();
  #waiting: ParsedServerMessage[] = [];

  /**
   * Keeps `message` to wait for the first parts still to come, and answers true; false when it
   * goes on now, after those `release` hands out.
   */
  hold(message: ParsedServerMessage | null): boolean {
    if (message?.type === "syncing") {
      this.#unframed = new Set(message.scopes);
      if (this.#unframed.size === 0) return false;
      this.#waiting.push(message);
      return true;
    }
    if (message?.type !== "snapshot" || !this.#unframed.has(message.scope)) {
      // Anything else ends the wait.
      this.#unframed.clear();
      return false;
    }
    if (!message.more) this.#unframed.delete(message.scope);
    const waiting = this.#waiting.reduce(
      (rows, held) => rows + (held.type === "snapshot" ? held.rows.length : 0),
      message.rows.length,
    );
    if (this.#unframed.size === 0 || waiting >= SNAPSHOT_PART_ROWS) return false;
    this.#waiting.push(message);
    return true;
  }

  /** The parts that waited, in the order they came; none wait afterwards. */
  release(): ParsedServerMessage[] {
    return this.#waiting.splice(0);
  }
}
