import type {
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  AppendResult as EsdbAppendResult,
  JSONType,
  Position,
  ReadStreamOptions,
  StreamingRead,
} from "@eventstore/db-client";
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from "@eventstore/db-client";
import type {
  AppendOptions,
  AppendResult,
  BatchHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadStreamOptions as OurReadStreamOptions,
  ReadAllOptions,
  RecordedEvent,
  StreamAppend,
  StreamRead,
  Subscription,
} from "./event-store.ts";
import { appendEachAlone, WrongExpectedRevisionError } from "./event-store.ts";

/**
 * EventStoreDB adapter.
 *
 * Positions are the event's `$all` commit position, as a Number. That is safe: the commit position
 * is the byte offset of the event's record in the transaction log, and a Number holds every integer
 * up to 2^53 - 1 exactly, i.e. a log of about 9 PB; `safePosition` still refuses anything larger.
 * Events appended over gRPC (everything this adapter writes) are never part of an explicit
 * transaction, so each one has its own commit position and `commit === prepare`: the number alone
 * identifies the event, and `{ commit: n, prepare: n }` turns it back into an ESDB position.
 * A position handed to `readAll`/`subscribeToAll` must therefore be 0 or one this store returned.
 */

/** How far back from a stream's end an `any`/`exists` append looks for an earlier copy of itself. */
const RETRY_WINDOW = 64;
/** Events a subscription delivers per handler call at most. */
const SUBSCRIPTION_BATCH = 256;
/** Buffered events at which a subscription stops reading from the server until the handler catches up. */
const SUBSCRIPTION_BUFFER = 2048;
/** Events per backwards page when looking for the last non-system event. */
const HEAD_PAGE = 100;

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://esdb1:2113,esdb2:2113,esdb3:2113?tls=false` */
  connectionString: string;
}

/** The fields of an ESDB recorded event this adapter uses; both stream and `$all` reads provide them. */
interface EsdbRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  created: Date;
  position?: Position | undefined;
}

const isSystemType = (type: string): boolean => type.startsWith("$");

function positionAt(position: number): Position {
  const at = BigInt(position);
  return { commit: at, prepare: at };
}

/** Lexicographic order on (commit, prepare): the order of records in `$all`. */
function isAfter(position: Position, floor: Position): boolean {
  return position.commit > floor.commit || (position.commit === floor.commit && position.prepare > floor.prepare);
}

function safePosition(record: EsdbRecord): number {
  const commit = record.position?.commit;
  const position = commit === undefined ? Number.NaN : Number(commit);
  if (!Number.isSafeInteger(position) || position < 0) {
    // Servers before 22.6 give stream reads no position; explicit (TCP) transactions give u64::MAX.
    throw new Error(
      `esdb: event ${record.id} in ${record.streamId} has no usable $all position (${String(commit)}); ` +
        "this adapter needs EventStoreDB 22.6+ and events written outside explicit transactions",
    );
  }
  return position;
}

function toRecorded(record: EsdbRecord): RecordedEvent {
  return {
    streamId: record.streamId,
    revision: Number(record.revision),
    position: safePosition(record),
    id: record.id,
    type: record.type,
    data: record.data,
    metadata: record.metadata,
    recordedAt: record.created,
  };
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case "any":
      return ANY;
    case "no_stream":
      return NO_STREAM;
    case "exists":
      return STREAM_EXISTS;
  }
  if (expected === -1) return NO_STREAM;
  if (!Number.isSafeInteger(expected) || expected < -1) {
    throw new RangeError(`expected revision must be an integer >= -1, got ${expected}`);
  }
  return BigInt(expected);
}

function toEventData(event: NewEvent) {
  return jsonEvent({
    id: event.id,
    type: event.type,
    // jsonEvent writes `JSON.stringify(data)` and reads parse it back, so any JSON value round-trips;
    // its `JSONType` is just narrower than what it accepts.
    data: event.data as JSONType,
    metadata: event.metadata,
  });
}

async function collect<E>(read: StreamingRead<E>): Promise<E[]> {
  const items: E[] = [];
  for await (const item of read) items.push(item);
  return items;
}

export class EsdbEventStore implements EventStore {
  readonly #client: EventStoreDBClient;
  readonly #subscriptions = new Set<Subscription>();

  constructor(options: EsdbEventStoreOptions) {
    this.#client = EventStoreDBClient.connectionString(options.connectionString);
  }

  async appendToStream(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const expected = options.expectedRevision;
    if (events.length === 0) {
      const [last] = await this.#readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
      return { nextExpectedRevision: last?.revision ?? -1, position: 0, appended: false };
    }
    // ESDB's own idempotence only holds when the retry carries the original expected revision and
    // the stream has not moved on since; a retried command sees the stream after its first append,
    // so look for that append ourselves.
    const earlier = await this.#earlierAppend(streamId, events, expected);
    if (earlier) return earlier;

    let result: EsdbAppendResult;
    try {
      result = await this.#client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toEsdbExpected(expected),
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // The same command, racing itself, may have landed first.
      const raced = await this.#earlierAppend(streamId, events, expected);
      if (raced) return raced;
      const actual = error.actualVersion === NO_STREAM ? -1 : Number(error.actualVersion);
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    }
    if (!result.success) {
      throw new WrongExpectedRevisionError(streamId, expected, Number(result.nextExpectedRevision));
    }
    // Read the last appended event back rather than trusting the append's position: this is the
    // position readers will see for it, by construction.
    const [last] = await this.#readStream(streamId, { fromRevision: result.nextExpectedRevision, maxCount: 1 });
    const position = last ? last.position : result.position ? Number(result.position.commit) : Number.NaN;
    if (!Number.isSafeInteger(position)) throw new Error(`esdb: no position for the append to ${streamId}`);
    return { nextExpectedRevision: Number(result.nextExpectedRevision), position, appended: true };
  }

  /** ESDB has no transaction over several streams: the appends go one by one, each idempotent. */
  appendToStreams(appends: readonly StreamAppend[]): Promise<(AppendResult | null)[]> {
    return appendEachAlone(this, appends);
  }

  readStream(streamId: string, options: OurReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromRevision;
    return this.#readStream(streamId, { direction: FORWARDS, fromRevision: from ? BigInt(from) : START });
  }

  readStreams(reads: readonly StreamRead[]): Promise<RecordedEvent[][]> {
    // The gRPC client reads one stream per call; they go out together.
    return Promise.all(reads.map((read) => this.readStream(read.streamId, { fromRevision: read.fromRevision })));
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    if (options.limit <= 0) return found;
    // Reads from a position include the record there: `floor` is the last record already seen.
    let floor = positionAt(options.after);
    let from: Position | typeof START = options.after > 0 ? floor : START;
    for (;;) {
      const page = await collect(
        this.#client.readAll({ direction: FORWARDS, fromPosition: from, maxCount: options.limit }),
      );
      for (const resolved of page) {
        const record = resolved.event ?? resolved.link;
        if (!record || !isAfter(record.position, floor)) continue;
        floor = record.position;
        if (isSystemType(record.type)) continue;
        found.push(toRecorded(record));
        if (found.length === options.limit) return found;
      }
      // System events were skipped: keep reading until the page is full or `$all` is exhausted.
      if (page.length < options.limit) return found;
      from = floor;
    }
  }

  subscribeToAll(after: number, handler: BatchHandler): Subscription {
    const source = this.#client.subscribeToAll({
      fromPosition: after > 0 ? positionAt(after) : START,
      filter: excludeSystemEvents(),
    });
    const queue: RecordedEvent[] = [];
    let last = after;
    let stopped = false;
    let ended = false;
    let failure: { error: unknown } | undefined;
    let wake: (() => void) | undefined;
    let registered: Subscription | undefined;
    const signal = () => {
      const resume = wake;
      wake = undefined;
      resume?.();
    };

    source.on("data", (resolved: AllStreamResolvedEvent) => {
      const record = resolved.event;
      if (failure || !record || isSystemType(record.type)) return;
      try {
        const event = toRecorded(record);
        // ESDB subscriptions start after `fromPosition` and deliver in order; this guard makes
        // "strictly after `after`, each event once, in position order" hold whatever happens.
        if (event.position <= last) return;
        last = event.position;
        queue.push(event);
      } catch (error) {
        failure = { error };
      }
      if (queue.length >= SUBSCRIPTION_BUFFER) source.pause();
      signal();
    });
    source.on("error", (error: Error) => {
      failure ??= { error };
      signal();
    });
    source.on("end", () => {
      ended = true;
      signal();
    });

    const done = (async () => {
      try {
        while (!stopped) {
          if (queue.length === 0) {
            if (failure) throw failure.error;
            if (ended) throw new Error("esdb: subscription to $all ended");
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            continue;
          }
          const batch = queue.splice(0, SUBSCRIPTION_BATCH);
          await handler(batch);
          if (source.isPaused() && queue.length < SUBSCRIPTION_BUFFER / 2) source.resume();
        }
      } finally {
        if (registered) this.#subscriptions.delete(registered);
        await source.unsubscribe().catch(() => undefined);
        source.destroy();
      }
    })();

    registered = {
      done,
      async stop() {
        stopped = true;
        signal();
        await done.catch(() => undefined);
      },
    };
    this.#subscriptions.add(registered);
    return registered;
  }

  async headPosition(): Promise<number> {
    let from: Position | typeof END = END;
    for (;;) {
      const page: AllStreamResolvedEvent[] = await collect(
        this.#client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: HEAD_PAGE }),
      );
      for (const resolved of page) {
        const record = resolved.event ?? resolved.link;
        if (record && !isSystemType(record.type)) return toRecorded(record).position;
      }
      const oldest = page.at(-1);
      const oldestRecord = oldest?.event ?? oldest?.link;
      if (page.length < HEAD_PAGE || !oldestRecord) return 0;
      from = oldestRecord.position;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.#subscriptions].map((subscription) => subscription.stop()));
    await this.#client.dispose();
  }

  async #readStream(streamId: string, options: ReadStreamOptions): Promise<RecordedEvent[]> {
    try {
      const resolved = await collect(this.#client.readStream(streamId, options));
      return resolved.flatMap(({ event }) => (event ? [toRecorded(event)] : []));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  /** The result of an earlier append of this same batch (same first event id), if the stream holds one. */
  async #earlierAppend(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult | undefined> {
    const firstId = events[0]?.id;
    if (firstId === undefined) return undefined;
    let firstRevision: number;
    if (typeof expected === "number" || expected === "no_stream") {
      // The earlier append was checked against the same revision, so it starts right after it.
      firstRevision = expected === "no_stream" ? 0 : expected + 1;
    } else {
      const tail = await this.#readStream(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: RETRY_WINDOW,
      });
      const match = tail.find((event) => event.id === firstId);
      if (!match) return undefined;
      firstRevision = match.revision;
    }
    if (firstRevision < 0) return undefined;
    const original = await this.#readStream(streamId, {
      direction: FORWARDS,
      fromRevision: BigInt(firstRevision),
      maxCount: events.length,
    });
    const last = original.at(-1);
    if (original[0]?.id !== firstId || !last) return undefined;
    return { nextExpectedRevision: last.revision, position: last.position, appended: false };
  }
}
