import { newId } from "../ids/new-id.ts";
import { backoffDelay, type Clock, systemClock } from "./clock.ts";
import { type Answer, type RejectedError, readAnswer } from "./http-answer.ts";
import { settleEntry } from "./outbox-settle.ts";
import { OutboxView, putImage } from "./outbox-view.ts";
import {
  type BeforeImages,
  noBeforeImages,
  type OutboxEntry,
  type ReplicaDb,
  type ReplicaRows,
  type TableName,
  type WriteMethod,
} from "./replica-db.ts";

/** What a user action does to the replica right away: a row's new state, or null to remove it. */
export type RowChange<T extends TableName = TableName> = {
  [K in T]: { table: K; id: string; next: ReplicaRows[K] | null };
}[T];

export interface Command {
  method: WriteMethod;
  /** Relative to the flusher's base URL, e.g. `/workspaces/{id}`. */
  path: string;
  /** Sent as JSON; leave it out to send no body. */
  body?: unknown;
  optimistic: readonly RowChange[];
  /** A refusal only undoes the change, with no error toast (spec §8: moving or editing a candidate). */
  silentErrors?: boolean;
}

/** An outbox entry as this module writes it: a silent command is marked so. */
type QueuedEntry = Omit<OutboxEntry, "seq"> & { silentErrors?: true };

/** Entries are stored with the mark only when it is set, so older entries read as not silent. */
function isSilent(entry: OutboxEntry): boolean {
  return "silentErrors" in entry && entry.silentErrors === true;
}

/**
 * Queues a write and shows its effect at once, in one transaction: before-images, optimistic rows,
 * pending marks and the outbox entry all land together or not at all. Answers the command's id,
 * which is also its Idempotency-Key. Call the flusher's `flush()` afterwards.
 */
export async function mutate(
  db: ReplicaDb,
  command: Command,
  clock: Pick<Clock, "now"> = systemClock,
): Promise<string> {
  const id = newId();
  const now = clock.now();
  // Over the outbox and the tables the command touches only: a transaction over every table waits
  // for whatever reads or writes any of them (a list's live query, a sync message) to finish first.
  const tables = [...new Set(command.optimistic.flatMap((change) => db.rowStores[change.table].tables))];
  await db.transaction("rw", [db.outbox, ...tables], async () => {
    // Reads asked for together rather than one after another's answer, and the outbox entry
    // written with the last row: the screen shows the change once this commits, and on a busy
    // machine each round trip to the database waited for costs milliseconds.
    const loading = OutboxView.load(db);
    // Awaited by each change; a command of none leaves a failure to the transaction alone.
    loading.catch(() => undefined);
    const beforeImages = noBeforeImages();
    const touched = new Set<string>();
    const made: Promise<{ written: Promise<unknown> }>[] = [];
    let previous: Promise<unknown> = Promise.resolve();
    for (const change of command.optimistic) {
      const key = `${change.table}/${change.id}`;
      const writeMade = applyOptimistic(db, loading, beforeImages, change, !touched.has(key), previous);
      touched.add(key);
      previous = writeMade.then((step) => step.written);
      // Its failure reaches the caller through `made`.
      previous.catch(() => undefined);
      made.push(writeMade);
    }
    const writes = await Promise.all(made);
    const entry: QueuedEntry = {
      id,
      method: command.method,
      path: command.path,
      body: command.body ?? null,
      createdAt: now,
      attempts: 0,
      // Due at once, whatever the device clock says (it may be set back).
      nextAttemptAt: 0,
      beforeImages,
      ...(command.silentErrors ? { silentErrors: true } : {}),
    };
    await Promise.all([...writes.map((write) => write.written), db.outbox.add(entry)]);
  });
  return id;
}

/**
 * Makes one optimistic change's write, and resolves as soon as its request is made, with its
 * completion. The row is read at once when the command has not touched it before, else once the
 * write before is done; the write waits for the one before it to complete, as a table's
 * middleware (pipeline-counts.ts) reads and writes its counts for each write in turn.
 */
async function applyOptimistic<T extends TableName>(
  db: ReplicaDb,
  loading: Promise<OutboxView>,
  beforeImages: BeforeImages,
  change: RowChange<T>,
  untouched: boolean,
  previous: Promise<unknown>,
): Promise<{ written: Promise<unknown> }> {
  const { table, id, next } = change;
  if (next && next.id !== id) throw new Error(`optimistic ${table} row ${next.id} filed under id ${id}`);
  const store = db.rowStores[table];
  const reading = untouched ? store.get(id) : previous.then(() => store.get(id));
  const [view, shown] = await Promise.all([loading, reading]);
  // A command touching one row twice keeps the first before-image: the state before the command.
  if (!Object.hasOwn(beforeImages[table], id))
    putImage(beforeImages, table, id, { row: shown ?? null, fromServer: false });
  // Scopes are the server's to say; an optimistic row keeps those its server row has.
  const scopes = shown?.scopes ?? view.baseOf(table, id)?.row?.scopes ?? [];
  await previous;
  const written: Promise<unknown> = next
    ? store.put({ ...next, scopes, _pending: view.touching(table, id).length + 1 })
    : store.delete(id);
  // A failure is the caller's to see (it awaits `written`), not a rejection left unhandled meanwhile.
  written.catch(() => undefined);
  return { written };
}

/** How many writes wait to be sent or answered; for the UI's pending indicator. */
export function pendingCount(db: ReplicaDb): Promise<number> {
  return db.outbox.count();
}

export async function hasPendingWrites(db: ReplicaDb): Promise<boolean> {
  return (await db.outbox.count()) > 0;
}

/**
 * Sign-out: the replica holds candidates' personal data, so the whole database goes, outbox
 * included. Stop the sync client and the flusher first.
 */
export async function wipeReplica(db: ReplicaDb): Promise<void> {
  await db.delete();
}

export interface OutboxFlusherOptions {
  db: ReplicaDb;
  /** Prefix of every entry's path, e.g. `/api/v1`. */
  baseUrl: string;
  /** Session headers (API.md, Conventions); null when signed out, which holds sending back. */
  headers: () => Record<string, string> | null;
  /**
   * The server refused a write (`command`: its id); its optimistic change is already undone. For
   * the error toast, in the tab that queued it; not for silent commands.
   */
  onRejected: (errors: RejectedError[], command: string) => void;
  /** 401: the session is gone. The write stays queued; a later `flush()` sends it again. */
  onUnauthorized: () => void;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  clock?: Clock;
  random?: () => number;
  /** A flush started by a backoff timer failed (the database, not the network). */
  onError?: (error: unknown) => void;
}

const RETRY = { baseMs: 1_000, capMs: 60_000 };

/**
 * Sends the outbox strictly in order, one write at a time, each with its Idempotency-Key so a
 * write repeated after a lost answer changes nothing twice. A write that cannot be sent yet
 * holds back every later one: their bodies may depend on it.
 */
export class OutboxFlusher {
  readonly #options: OutboxFlusherOptions;
  readonly #clock: Clock;
  readonly #fetch: (url: string, init: RequestInit) => Promise<Response>;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #cancelWake: (() => void) | null = null;

  constructor(options: OutboxFlusherOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#fetch = options.fetch ?? ((url, init) => fetch(url, init));
  }

  /** Sends what is due; calls while a run is under way join it. Resolves when nothing more is due now. */
  flush(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    const run = this.#run().finally(() => {
      this.#running = null;
    });
    this.#running = run;
    return run;
  }

  pendingCount(): Promise<number> {
    return pendingCount(this.#options.db);
  }

  /** For good: on sign-out, or when the app closes the replica. */
  stop(): void {
    this.#stopped = true;
    this.#cancelWake?.();
    this.#cancelWake = null;
  }

  async #run(): Promise<void> {
    do {
      this.#again = false;
      if (!(await this.#sendDue())) return;
    } while (this.#again && !this.#stopped);
  }

  /** Sends head entries until none is due; false when sending must wait for the caller. */
  async #sendDue(): Promise<boolean> {
    const { db } = this.#options;
    while (!this.#stopped) {
      const head = await db.outbox.orderBy("seq").first();
      if (!head) return true;
      const wait = head.nextAttemptAt - this.#clock.now();
      if (wait > 0) {
        this.#wakeIn(wait);
        return true;
      }
      const headers = this.#options.headers();
      if (!headers) return false;
      const answer = await this.#send(head, headers);
      if (this.#stopped) return false;
      if (answer.kind === "unauthorized") {
        this.#options.onUnauthorized();
        return false;
      }
      await this.#settle(head, answer);
    }
    return false;
  }

  async #send(entry: OutboxEntry, session: Record<string, string>): Promise<Answer> {
    const headers: Record<string, string> = {
      ...session,
      accept: "application/vnd.api+json, application/json",
      "idempotency-key": entry.id,
    };
    // Only with a body: an empty body labelled JSON is a 400, which would read as a refusal.
    if (entry.body !== null) headers["content-type"] = "application/json";
    try {
      const response = await this.#fetch(`${this.#options.baseUrl}${entry.path}`, {
        method: entry.method,
        headers,
        body: entry.body === null ? null : JSON.stringify(entry.body),
        credentials: "same-origin",
      });
      return await readAnswer(response, this.#clock.now());
    } catch {
      // Offline, or the answer was lost on the way: the same key makes sending again safe.
      return { kind: "retry", afterMs: null };
    }
  }

  async #settle(entry: OutboxEntry, answer: Exclude<Answer, { kind: "unauthorized" }>): Promise<void> {
    const { db } = this.#options;
    switch (answer.kind) {
      case "accepted":
        await settleEntry(db, entry.seq, { accepted: true, position: answer.position });
        return;
      case "rejected":
        if ((await settleEntry(db, entry.seq, { accepted: false })) && !isSilent(entry))
          this.#options.onRejected(answer.errors, entry.id);
        return;
      case "retry": {
        const attempts = entry.attempts + 1;
        const delay = answer.afterMs ?? backoffDelay(attempts - 1, RETRY, this.#options.random ?? Math.random);
        await db.outbox.update(entry.seq, { attempts, nextAttemptAt: this.#clock.now() + delay });
        return;
      }
      default: {
        const never: never = answer;
        return never;
      }
    }
  }

  #wakeIn(delayMs: number): void {
    this.#cancelWake?.();
    this.#cancelWake = this.#clock.schedule(() => {
      this.#cancelWake = null;
      this.flush().catch((error: unknown) => (this.#options.onError ?? console.error)(error));
    }, delayMs);
  }
}
