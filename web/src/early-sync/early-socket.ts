import type { Hello } from "@hirestream/contracts/sync/messages.ts";
import { SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/protocol-version.ts";
import { markLoadStep } from "../load-steps.ts";
import type { StartedSocket, SyncCredentials, SyncSocket } from "../replica/sync-socket.ts";

/**
 * A snapshot frame's head as the server prints it (services/api/src/sync/snapshot-parts.ts,
 * partFrame): its part, and whether more of its scope's few rows follow. Read from the head alone,
 * not by parsing the frame, which the client does anyway.
 */
const SNAPSHOT_HEAD =
  /^\{"type":"snapshot","scope":"([^"]*)","position":\d+,"part":(\d+),"last":(?:true|false)(,"more":true)?/;
const APPLIED = JSON.stringify({ type: "applied" });

type Delivery =
  | { kind: "open"; event: Event }
  | { kind: "message"; event: MessageEvent }
  | { kind: "close"; event: CloseEvent };

export interface EarlySocketOptions {
  /** ws(s)://…/api/v1/sync */
  url: string;
  WebSocket?: new (url: string) => SyncSocket;
  /** Read when the hello goes: null when signed out meanwhile, and then none goes. */
  credentials: () => SyncCredentials | null;
  /**
   * Whether the profile holds no replica at all. Then its hello is a fresh replica's (cursor 0, no
   * scopes held), said as soon as the socket opens; otherwise the sync client says it once the
   * replica has told its cursor.
   */
  fresh: Promise<boolean>;
  /** What the screen will show, as far as the path tells (route-focus.ts). */
  focus: readonly string[];
  /**
   * Resolves once the screen has shown the rows the first parts brought: until then the rest waits
   * here, even once every first part is in. IndexedDB serves a transaction only after those begun
   * before it on the same stores, so the screen's first read, begun after the rest's writes, would
   * wait for thousands of rows to be written. Without it, the rest goes on once the first parts are in.
   */
  firstRowsShown?: (() => Promise<void>) | undefined;
}

/**
 * The sync socket of a signed-in page load, opened by the page's first module: connecting, and on a
 * fresh profile the server's first rows, overlap the loading of the app's code and the opening of
 * the replica rather than follow them. What the server sends meanwhile waits here, in order, for
 * the sync client, which takes the socket as its first connection (`SyncClient`'s `takeSocket`)
 * and sets its handlers; `attach` then hands it what came before.
 */
export class EarlySocket implements StartedSocket {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  /** The hello said for a fresh replica, if one was: the sync client then says none. */
  greeted: Hello | null = null;
  readonly #socket: SyncSocket;
  readonly #options: EarlySocketOptions;
  readonly #pending: Delivery[] = [];
  #attached = false;
  #opened = false;
  #closed = false;
  #fresh: boolean | null = null;
  /**
   * What piled up before the client took the socket goes on in two goes: up to the first part of
   * many rows of every scope the focus names, or of the first scope without one (the screen's first
   * rows, after every scope's few), then, once the client has answered every part of those, the rest. Handed on at once, the client would write the screen's
   * first rows in one transaction with the thousands after them, as it joins parts that piled up.
   * `shown`: every held part is in, and the rest waits for the screen to show them (firstRowsShown).
   */
  #firstRows: "before" | "holding" | "shown" | "done" = "before";
  /** Scopes whose first part of many was handed on: the screen's first rows are those of its focus. */
  readonly #begun = new Set<string>();
  #received = false;
  /** Snapshot parts handed to the client, and `applied` answers it sent, since it took the socket. */
  #handed = 0;
  #answered = 0;

  constructor(options: EarlySocketOptions) {
    this.#options = options;
    const Socket = options.WebSocket ?? WebSocket;
    const socket = new Socket(options.url);
    this.#socket = socket;
    socket.onopen = (event) => {
      this.#opened = true;
      markLoadStep("socket-open");
      this.#greet();
      this.#deliver({ kind: "open", event });
    };
    socket.onmessage = (event) => {
      if (!this.#received && typeof event.data === "string" && SNAPSHOT_HEAD.test(event.data.slice(0, 512))) {
        this.#received = true;
        markLoadStep("first-part-received");
      }
      this.#deliver({ kind: "message", event });
    };
    socket.onclose = (event) => {
      this.#closed = true;
      this.#deliver({ kind: "close", event });
    };
    options.fresh.then(
      (fresh) => {
        this.#fresh = fresh;
        this.#greet();
      },
      // Not known: the sync client says hello once the replica is open, as without this socket.
      () => undefined,
    );
  }

  /** Closed before any client took it: a client connects afresh rather than take a dead socket. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Attached: the client's handlers get every event from now on, those that came before first. */
  get attached(): boolean {
    return this.#attached;
  }

  send(data: string): void {
    this.#socket.send(data);
    if (!this.#attached || data !== APPLIED) return;
    this.#answered += 1;
    if (this.#firstRows === "holding" && this.#answered >= this.#handed) {
      this.#firstRows = "shown";
      const shown = this.#options.firstRowsShown?.() ?? Promise.resolve();
      // Not from inside the client's answering: it goes on with what it took, then takes these.
      const goOn = () => {
        if (this.#firstRows !== "shown") return;
        this.#firstRows = "done";
        this.#flush();
      };
      shown.then(goOn, goOn);
    }
  }

  close(code?: number, reason?: string): void {
    this.#socket.close(code, reason);
  }

  attach(): void {
    if (this.#attached) return;
    this.#attached = true;
    this.#flush();
  }

  #deliver(delivery: Delivery): void {
    this.#pending.push(delivery);
    // Closed: whatever waits goes on first, then the close.
    if (delivery.kind === "close") this.#firstRows = "done";
    if (this.#attached) this.#flush();
  }

  #flush(): void {
    while (this.#firstRows === "before" || this.#firstRows === "done") {
      const delivery = this.#pending.shift();
      if (!delivery) return;
      if (delivery.kind === "message") this.#count(delivery.event);
      this.#dispatch(delivery);
    }
  }

  #count(event: MessageEvent): void {
    const head = typeof event.data === "string" ? SNAPSHOT_HEAD.exec(event.data.slice(0, 512)) : null;
    if (!head) return;
    this.#handed += 1;
    const [, scope = "", part, more] = head;
    if (this.#firstRows !== "before" || Number(part) === 0 || more) return;
    this.#begun.add(scope);
    const { focus } = this.#options;
    if (focus.length === 0 || focus.every((focused) => this.#begun.has(focused))) this.#firstRows = "holding";
  }

  #dispatch(delivery: Delivery): void {
    if (delivery.kind === "open") this.onopen?.(delivery.event);
    else if (delivery.kind === "message") this.onmessage?.(delivery.event);
    else this.onclose?.(delivery.event);
  }

  /** Once open on a profile with no replica, and before a client took it: the fresh replica's hello. */
  #greet(): void {
    if (this.#attached || this.greeted || !this.#opened || this.#closed || this.#fresh !== true) return;
    const credentials = this.#options.credentials();
    if (!credentials) return;
    const hello: Hello = {
      type: "hello",
      version: SYNC_PROTOCOL_VERSION,
      credentials: { "access-token": credentials["access-token"], client: credentials.client, uid: credentials.uid },
      cursor: 0,
      scopes: [],
      focus: [...this.#options.focus],
    };
    this.#socket.send(JSON.stringify(hello));
    this.greeted = hello;
    markLoadStep("hello");
  }
}
