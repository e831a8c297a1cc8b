import type { EventMetadata } from "@hirestream/contracts/metadata.ts";
import type { PoolClient } from "pg";

/** `any` skips the check; `no_stream` demands a new stream; `exists` any existing one; a number, that exact last revision. */
export type ExpectedRevision = "any" | "no_stream" | "exists" | number;

export interface NewEvent {
  /** Derived from the command id (see event-id.ts), so a retried command appends nothing new. */
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  streamId: string;
  /** 0-based revision within its stream. */
  revision: number;
  /** Position in `$all`: strictly increasing in the order readers see events; not dense. */
  position: number;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: Date;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append (-1 for an empty stream). */
  nextExpectedRevision: number;
  /** `$all` position of the last event of this append, or of the earlier identical append. */
  position: number;
  /** False when every event id was already stored: the command was a retry. */
  appended: boolean;
}

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
}

/** One stream's part of an `appendToStreams` call: an exact revision, or -1 for a new stream. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedRevision: number;
}

export interface ReadStreamOptions {
  /** The first revision to read (0-based); 0 reads the whole stream. */
  fromRevision?: number;
}

/** One stream of a `readStreams` call, from a revision (0-based; 0 reads the whole stream). */
export interface StreamRead {
  streamId: string;
  fromRevision: number;
}

export interface ReadAllOptions {
  /** Read events whose position is greater than this; 0 reads from the start. */
  after: number;
  limit: number;
}

export interface Subscription {
  stop(): Promise<void>;
  /** Resolves when the subscription ends; rejects with the handler's or the store's error. */
  done: Promise<void>;
}

export type BatchHandler = (events: RecordedEvent[]) => Promise<void>;

/** The port every capability appends to and reads from. Adapters: postgres (default), esdb. */
export interface EventStore {
  appendToStream(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Several streams' appends at once (each stream at most once), for work that writes many
   * aggregates together. Each append goes in only when its expected revision holds; the answer
   * lists each append's result in the order given, null where it did not go in (the stream moved
   * on, or its events are stored already): the caller deals with those one by one.
   */
  appendToStreams(appends: readonly StreamAppend[]): Promise<(AppendResult | null)[]>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Several streams at once, each as `readStream` reads it; the answer lists them in the order asked. */
  readStreams(reads: readonly StreamRead[]): Promise<RecordedEvent[][]>;
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Delivers every event after `after` in position order, in batches, then live ones as they commit. */
  subscribeToAll(after: number, handler: BatchHandler): Subscription;
  /** Position of the last event a reader can see now (0 when the store is empty). */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

/**
 * A store that keeps its events in the application's own Postgres database (the default), so its
 * appends can join the caller's transaction: rows written beside the events (a message delivered
 * to the local mailbox) commit or roll back with them.
 */
export interface AppendsInTransaction {
  appendToStreamsWith(
    db: Pick<PoolClient, "query">,
    appends: readonly StreamAppend[],
  ): Promise<(AppendResult | null)[]>;
}

export function appendsInTransaction(store: EventStore): store is EventStore & AppendsInTransaction {
  return "appendToStreamsWith" in store && typeof store.appendToStreamsWith === "function";
}

export class WrongExpectedRevisionError extends Error {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly actual: number;
  constructor(streamId: string, expected: ExpectedRevision, actual: number) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = "WrongExpectedRevisionError";
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}

/** `appendToStreams` done one append at a time: for stores without a multi-stream append, and for fallbacks. */
export function appendEachAlone(
  store: Pick<EventStore, "appendToStream">,
  appends: readonly StreamAppend[],
): Promise<(AppendResult | null)[]> {
  return Promise.all(
    appends.map(async ({ streamId, events, expectedRevision }) => {
      try {
        const result = await store.appendToStream(streamId, events, {
          expectedRevision: expectedRevision < 0 ? "no_stream" : expectedRevision,
        });
        return result.appended ? result : null;
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) return null;
        throw error;
      }
    }),
  );
}
