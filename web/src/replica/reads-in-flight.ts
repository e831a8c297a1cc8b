// The replica's read transactions under way. A sync write spans every table, so IndexedDB starts
// it only once every read begun before it has ended: the screens' reads that the last write set
// off (a busy board's counts and page) come first. Knowing when those end, the sync can take in
// the frames that arrived meanwhile and write them in that same transaction, rather than open one
// at once that waits the same while and leaves them to the next.
import type { DBCore, Middleware } from "dexie";

export class ReadsInFlight {
  readonly #open = new Set<Promise<void>>();

  /** Counts every read-only transaction of the database it is used on, until it ends. */
  readonly middleware: Middleware<DBCore> = {
    stack: "dbcore",
    name: "ReadsInFlight",
    create: (down: DBCore) => ({
      ...down,
      transaction: (stores, mode, options) => {
        const trans = down.transaction(stores, mode, options);
        if (mode === "readonly" && isEventTarget(trans)) this.#track(trans);
        return trans;
      },
    }),
  };

  /** Resolves once every read under way now has ended; at once when none is. */
  ended(): Promise<void> {
    if (this.#open.size === 0) return Promise.resolve();
    return Promise.all([...this.#open]).then(() => undefined);
  }

  #track(trans: EventTarget): void {
    const ended = new Promise<void>((resolve) => {
      for (const event of ["complete", "abort", "error"]) trans.addEventListener(event, () => resolve());
    });
    this.#open.add(ended);
    void ended.then(() => this.#open.delete(ended));
  }
}

/** Dexie's core transaction is IndexedDB's, an event target, though its type says only `abort`. */
const isEventTarget = (trans: object): trans is EventTarget => "addEventListener" in trans;
