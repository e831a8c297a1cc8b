import { type Hello, SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/messages.ts";
import { markLoadStep } from "../load-steps.ts";
import { CatchUpWriter, isWritingStep } from "./catch-up-writer.ts";
import { backoffDelay, type Clock, systemClock } from "./clock.ts";
import { drainPile } from "./drain-pile.ts";
import { FirstParts } from "./first-parts.ts";
import { type ReplicaDb, replicaTransaction } from "./replica-db.ts";
import { type ScreenQueries, screenQueries } from "./screen-queries.ts";
import { type ParsedServerMessage, parseServerMessage, type SyncStep } from "./server-message.ts";
import {
  ORIGIN_REFUSED,
  SESSION_ENDED,
  type StartedSocket,
  type SyncCredentials,
  SyncServerError,
  type SyncSocket,
  type SyncStatus,
  UNREADABLE,
} from "./sync-socket.ts";
import { readSyncState } from "./sync-state.ts";

export interface SyncClientOptions {
  /** ws(s)://…/api/v1/sync */
  url: string;
  /** Null when signed out: the client then stops. */
  credentials: () => SyncCredentials | null;
  db: ReplicaDb;
  WebSocket?: new (url: string) => SyncSocket;
  /** Asked once, by the first connection: a socket already open (or opening) to use instead of a new one. */
  takeSocket?: (() => StartedSocket | null) | undefined;
  onSessionExpired: () => void;
  onStatus: (status: SyncStatus) => void;
  /** The server refused this page's origin; `detail` is its reason, to be shown in words. */
  onRefused?: (detail: string) => void;
  /** A server `error`, or a message the replica could not apply; the client reconnects either way. */
  onError?: (error: Error) => void;
  clock?: Clock;
  random?: () => number;
  /** The screens' server queries the catch-up's many rows make way for (the page's own by default). */
  screenQueries?: Pick<ScreenQueries, "settled">;
}

const RECONNECT = { baseMs: 500, capMs: 30_000 };
/**
 * A connection can die without a close (a laptop lid, a dropped Wi-Fi): a ping every interval,
 * and a connection that stayed silent for a whole interval since the last ping is given up.
 */
export const HEARTBEAT_MS = 25_000;
/** How long after changes arrived a catch-up's parts still go in slices (drain-pile.ts). */
const LIVE_LATELY_MS = 5000;

interface Connection {
  socket: SyncSocket;
  /** A message failed to apply: later ones from this socket would skip it, so they are dropped. */
  failed: boolean;
  /** Something arrived since the last heartbeat. */
  heard: boolean;
  /**
   * Messages received and not yet applied (null: unreadable); whatever piled up is applied
   * together. Each is read as it arrives, while the replica still writes the ones before it.
   */
  inbox: (ParsedServerMessage | null)[];
  /** A drain of the inbox is queued and has not yet taken what it holds. */
  drainQueued: boolean;
  /** A catch-up's `syncing` and first parts wait for one another, to be written together (first-parts.ts). */
  firstParts: FirstParts;
  stopHeartbeat: (() => void) | null;
  /** The hello went out: a new focus is sent on its own from now on. */
  greeted: boolean;
  /** When changes with rows last arrived (the clock's ms): a catch-up's parts then go in slices. */
  liveAt: number;
}

/**
 * Keeps the replica in step with the server over one WebSocket at a time. Every (re)connect
 * resumes from the stored cursor and scopes, so a drop costs a catch-up, not a reload. Messages
 * are applied in arrival order; those that piled up meanwhile go in together (drain-pile.ts).
 */
export class SyncClient {
  readonly #options: SyncClientOptions;
  readonly #clock: Clock;
  #connection: Connection | null = null;
  #started = false;
  #stopped = false;
  #attempt = 0;
  #cancelReconnect: (() => void) | null = null;
  #queue: Promise<void> = Promise.resolve();
  #status: SyncStatus = "offline";
  /** The scopes the screen shows, most wanted first: the server sends their rows first. */
  #focus: readonly string[] = [];
  readonly #writer: CatchUpWriter;
  #socketToTake: (() => StartedSocket | null) | undefined;

  constructor(options: SyncClientOptions) {
    this.#options = options;
    this.#socketToTake = options.takeSocket;
    this.#clock = options.clock ?? systemClock;
    this.#writer = new CatchUpWriter(options.db);
  }

  get status(): SyncStatus {
    return this.#status;
  }

  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#connect();
  }

  /** For good: on sign-out, or when the app closes the replica. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#cancelReconnect?.();
    this.#cancelReconnect = null;
    const connection = this.#connection;
    this.#connection = null;
    connection?.stopHeartbeat?.();
    connection?.socket.close(1000, "client stopped");
    this.#setStatus("offline");
  }

  /**
   * The screen now shows rows of these scopes: what the server has still to send of them comes
   * first (sync protocol 6). Said in the next hello when not connected.
   */
  focus(scopes: readonly string[]): void {
    if (sameScopes(scopes, this.#focus)) return;
    this.#focus = [...scopes];
    const connection = this.#connection;
    if (connection?.greeted) connection.socket.send(JSON.stringify({ type: "focus", scopes: this.#focus }));
  }

  /** Resolves once every message received so far has been applied (or skipped). */
  idle(): Promise<void> {
    return this.#queue;
  }

  #connect(): void {
    this.#cancelReconnect = null;
    if (this.#stopped) return;
    if (!this.#options.credentials()) {
      this.stop();
      return;
    }
    this.#setStatus("connecting");
    const Socket = this.#options.WebSocket ?? WebSocket;
    const started = this.#takeSocket();
    let socket: SyncSocket;
    try {
      socket = started ?? new Socket(this.#options.url);
    } catch (error) {
      this.#report(error);
      this.#reconnectLater();
      return;
    }
    const connection: Connection = {
      socket,
      failed: false,
      heard: true,
      stopHeartbeat: null,
      inbox: [],
      drainQueued: false,
      firstParts: new FirstParts(),
      greeted: started?.greeted != null,
      liveAt: Number.NEGATIVE_INFINITY,
    };
    this.#connection = connection;
    socket.onopen = () => {
      markLoadStep("socket-open");
      this.#heartbeat(connection);
      if (!connection.greeted) this.#enqueue(connection, () => this.#hello(connection));
      else if (!sameScopes(started?.greeted?.focus ?? [], this.#focus))
        socket.send(JSON.stringify({ type: "focus", scopes: this.#focus }));
    };
    socket.onmessage = (event) => {
      connection.heard = true;
      const message = parseServerMessage(typeof event.data === "string" ? event.data : "");
      if (message?.type === "snapshot") markLoadStep("first-part");
      if (message?.type === "changes" && message.rows.length > 0) connection.liveAt = this.#clock.now();
      if (connection.firstParts.hold(message)) return;
      connection.inbox.push(...connection.firstParts.release(), message);
      if (connection.drainQueued) return;
      // One drain per pile: frames arriving while earlier ones are applied join the next drain.
      connection.drainQueued = true;
      this.#enqueue(connection, () => this.#drain(connection));
    };
    socket.onclose = (event) => this.#closed(connection, event.code);
    started?.attach();
  }

  /** The first connection only: a later one is a reconnect, after that socket closed. */
  #takeSocket(): StartedSocket | null {
    const take = this.#socketToTake;
    this.#socketToTake = undefined;
    return take?.() ?? null;
  }

  async #hello(connection: Connection): Promise<void> {
    const credentials = this.#options.credentials();
    if (!credentials) {
      this.stop();
      return;
    }
    // Read after every earlier message is applied (the queue guarantees it), so nothing is asked for twice or skipped.
    const { cursor, scopes } = await readSyncState(this.#options.db);
    const hello: Hello = {
      type: "hello",
      version: SYNC_PROTOCOL_VERSION,
      // Picked field by field: the hello is parsed strictly, and a session object may carry more.
      credentials: { "access-token": credentials["access-token"], client: credentials.client, uid: credentials.uid },
      cursor,
      scopes,
      focus: [...this.#focus],
    };
    this.#writer.reset();
    connection.socket.send(JSON.stringify(hello));
    markLoadStep("hello");
    connection.greeted = true;
  }

  /**
   * Applies every frame received so far, and those arriving meanwhile, changes ahead of the snapshot
   * parts waiting before them and parts that piled up joined (drain-pile.ts). Under a burst of live
   * changes, one transaction (and one re-render of the screens) per pile instead of one per frame
   * keeps the replica from falling behind.
   */
  async #drain(connection: Connection): Promise<void> {
    connection.drainQueued = false;
    await drainPile({
      // Stopped, the replica is about to be wiped or closed: what is still in the inbox stays there.
      take: () =>
        (this.#stopped ? [] : connection.inbox.splice(0)).map((message) => {
          if (!message) throw new Error("unreadable sync message");
          return message;
        }),
      live: () => this.#clock.now() - connection.liveAt < LIVE_LATELY_MS,
      apply: (step) => this.#apply(step).then(() => this.#writer.written([step])),
      // Each step's own transaction joins this one (Dexie's nested transactions), so they commit together.
      applyTogether: (steps) =>
        replicaTransaction(this.#options.db, async () => {
          // A `syncing` only says what the catch-up sends: the steps after it read nothing it writes
          // but through IndexedDB, which runs a transaction's requests in the order asked, so they
          // go on without its answer, which on a fresh load comes only between the first render's tasks.
          const unanswered: Promise<void>[] = [];
          for (const step of steps) {
            const applied = this.#apply(step);
            if (step.type !== "syncing") await applied;
            else {
              // Its failure aborts the transaction, and is seen below; not as a rejection unhandled meanwhile.
              applied.catch(() => undefined);
              unanswered.push(applied);
            }
          }
          await Promise.all(unanswered);
        }).then(() => this.#writer.written(steps)),
      // Once every scope's few rows are in, what is left of a catch-up is rows no screen waits on:
      // they wait while a screen's own query is in flight, and so, unanswered, does the server.
      makeWay: () =>
        this.#writer.framed ? (this.#options.screenQueries ?? screenQueries).settled() : Promise.resolve(),
      // The server sends more once parts are in: one answer per part it sent, joined or not, as
      // soon as it is in, so that the next ones are on their way while the rest of a pile is written.
      answer: (parts) => {
        for (let part = 0; part < parts; part++) connection.socket.send(JSON.stringify({ type: "applied" }));
      },
    });
  }

  async #apply(message: SyncStep): Promise<void> {
    if (isWritingStep(message)) {
      await this.#writer.write(message);
      if (message.type !== "ready") return;
      this.#attempt = 0;
      this.#setStatus("live");
      markLoadStep("caught-up");
      return;
    }
    switch (message.type) {
      case "pong":
        return;
      case "session-expired":
        this.#expire();
        return;
      case "error":
        if (message.code === "UNAUTHENTICATED") this.#expire();
        else if (message.code === "FORBIDDEN") this.#options.onRefused?.(message.detail);
        else this.#report(new SyncServerError(message.code, message.detail));
        return;
      default: {
        const never: never = message;
        return never;
      }
    }
  }

  #enqueue(connection: Connection, work: () => Promise<void>): void {
    this.#queue = this.#queue.then(async () => {
      // After stop() the database is about to be wiped or closed: nothing more is written.
      if (connection.failed || this.#stopped) return;
      try {
        await work();
      } catch (error) {
        connection.failed = true;
        this.#report(error);
        connection.socket.close(UNREADABLE, "replica could not apply a message");
      }
    });
  }

  #heartbeat(connection: Connection): void {
    connection.stopHeartbeat = this.#clock.schedule(() => {
      if (this.#connection !== connection) return;
      if (!connection.heard) {
        // No close event will come from a dead connection: count it closed now and start over.
        connection.socket.close(4000, "no answer to ping");
        this.#closed(connection, 1006);
        return;
      }
      connection.heard = false;
      connection.socket.send(JSON.stringify({ type: "ping" }));
      this.#heartbeat(connection);
    }, HEARTBEAT_MS);
  }

  /**
   * The network is back (the browser's online event): reconnect now instead of at the end of
   * the backoff. Does nothing while connected or connecting.
   */
  reconnectNow(): void {
    if (this.#stopped || !this.#started || !this.#cancelReconnect) return;
    this.#cancelReconnect();
    this.#attempt = 0;
    this.#connect();
  }

  #closed(connection: Connection, code: number): void {
    connection.stopHeartbeat?.();
    connection.stopHeartbeat = null;
    if (this.#connection !== connection) return;
    this.#connection = null;
    if (this.#stopped) return;
    if (code === SESSION_ENDED) {
      this.#expire();
      return;
    }
    // Refused, the client still tries now and then: the server's settings may change meanwhile.
    this.#setStatus(code === ORIGIN_REFUSED ? "refused" : "offline");
    this.#reconnectLater();
  }

  #reconnectLater(): void {
    const delay = backoffDelay(this.#attempt, RECONNECT, this.#options.random ?? Math.random);
    this.#attempt += 1;
    this.#cancelReconnect = this.#clock.schedule(() => this.#connect(), delay);
  }

  #expire(): void {
    if (this.#stopped) return;
    this.stop();
    this.#options.onSessionExpired();
  }

  #setStatus(status: SyncStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    this.#options.onStatus(status);
  }

  #report(error: unknown): void {
    const reported = error instanceof Error ? error : new Error(String(error));
    (this.#options.onError ?? console.error)(reported);
  }
}

function sameScopes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((scope, index) => b[index] === scope);
}
