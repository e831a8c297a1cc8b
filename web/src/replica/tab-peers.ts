import { newId } from "../ids/new-id.ts";
import type { RejectedError } from "./http-answer.ts";
import { leaderLockName } from "./replica-name.ts";
import type { SyncStatus } from "./sync-socket.ts";
import { heldLockNames, holdLock, type TabLocks } from "./tab-locks.ts";
import { parseTabMessage, type TabMessage } from "./tab-messages.ts";

/** What this module uses of a BroadcastChannel; the browser's own fits. */
export interface TabChannel {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: TabMessage): void;
  close(): void;
}

export interface TabPeersOptions {
  /** The replica database's name. It holds one user's rows at a time, so it has one leader. */
  name: string;
  uid: string;
  locks: TabLocks;
  /** This tab now talks to the server for every tab: connect and send the outbox. */
  onLead: () => void;
  /** Leader: another tab queued writes. */
  onFlushAsked: () => void;
  /** Leader: a follower's screen shows these scopes now. */
  onFocusAsked: (scopes: readonly string[]) => void;
  /** Leader: a follower dropped the synced rows for space; sync afresh. */
  onResyncAsked: () => void;
  /** Follower: the leader's sync status. */
  onStatus: (status: SyncStatus, refusal: string | null) => void;
  /** The server refused a command this tab queued (or one no open tab claims): the error toast. */
  onRejected: (errors: RejectedError[]) => void;
  /** Follower: the leader found the session ended. */
  onSessionExpired: () => void;
  /** A tab signed out, or another user opened the replica: stop talking to the server for good. */
  onRetire: () => void;
  /** Which of these commands are still in the outbox (a new leader learns whose they are). */
  stillQueued: (commands: string[]) => Promise<string[]>;
  channel?: (name: string) => TabChannel;
}

const tabLockName = (name: string, tab: string) => `${name}:tab:${tab}`;
const channelName = (name: string) => `${name}:tabs`;

/**
 * Where a refused command's error toast shows: in the tab that queued it, where the user acted,
 * while that tab is open; in the leader's tab when no open tab claims it (queued before a reload,
 * or its tab closed since), so that a change undone on screen is never undone without a word.
 */
export function toastTab(owner: string | undefined, leader: string, openTabs: ReadonlySet<string>): string {
  return owner !== undefined && openTabs.has(owner) ? owner : leader;
}

/**
 * The tabs of one browser profile sharing one replica: the one holding the leader lock syncs and
 * sends the outbox for all, the others ask it to send what they queue and show its sync status.
 * Each tab also holds a lock of its own while open, so the leader can tell whether the tab that
 * queued a refused command is still there to show its toast.
 */
export class TabPeers {
  readonly id = newId();
  readonly #options: TabPeersOptions;
  readonly #channel: TabChannel;
  /** Commands this tab queued while following, until a leader settles them. */
  readonly #own = new Set<string>();
  /** Leader: which tab queued each command other tabs asked it to send. */
  readonly #owners = new Map<string, string>();
  readonly #releases: (() => Promise<void>)[] = [];
  #leading = false;
  #closed = false;
  #status: { status: SyncStatus; refusal: string | null } = { status: "connecting", refusal: null };

  constructor(options: TabPeersOptions) {
    this.#options = options;
    this.#channel = (options.channel ?? ((name) => new BroadcastChannel(name)))(channelName(options.name));
  }

  get leading(): boolean {
    return this.#leading;
  }

  start(): void {
    const { locks, name, uid } = this.#options;
    this.#channel.onmessage = (event) => this.#receive(event.data);
    this.#post({ type: "opened", uid, tab: this.id });
    this.#releases.push(holdLock(locks, tabLockName(name, this.id)));
    this.#releases.push(holdLock(locks, leaderLockName(name), () => this.#lead()));
    this.#post({ type: "ask-status", uid, tab: this.id });
  }

  /** Follower: asks the leader to send the outbox, now holding `commands` of this tab. */
  askFlush(commands: string[] = []): void {
    if (this.#leading || this.#closed) return;
    for (const command of commands) this.#own.add(command);
    this.#post({ type: "flush", uid: this.#options.uid, tab: this.id, commands });
  }

  /** Follower: the screen it shows; the leader syncs those scopes first. */
  askFocus(scopes: readonly string[]): void {
    if (this.#leading || this.#closed) return;
    this.#post({ type: "focus", uid: this.#options.uid, scopes: [...scopes] });
  }

  /** Follower: the replica's synced rows were dropped here; the leader must sync them again. */
  askResync(): void {
    if (this.#leading || this.#closed) return;
    this.#post({ type: "resync", uid: this.#options.uid });
  }

  /** Leader: its sync status, for every tab's connection indicator. */
  publishStatus(status: SyncStatus, refusal: string | null): void {
    this.#status = { status, refusal };
    if (this.#leading) this.#post({ type: "status", uid: this.#options.uid, status, refusal });
  }

  /** Leader: the server refused `command`; its toast shows in the tab that queued it. */
  async rejected(command: string, errors: RejectedError[]): Promise<void> {
    const owner = this.#owners.get(command);
    this.#owners.delete(command);
    const open = new Set<string>();
    if (owner !== undefined) {
      const held = await heldLockNames(this.#options.locks);
      if (held.has(tabLockName(this.#options.name, owner))) open.add(owner);
    }
    const tab = toastTab(owner, this.id, open);
    if (tab === this.id) this.#options.onRejected(errors);
    else this.#post({ type: "rejected", uid: this.#options.uid, to: tab, command, errors });
  }

  /** Leader: the session ended; every other tab applies the 401 rule too. */
  sessionExpired(): void {
    this.#post({ type: "session-expired", uid: this.#options.uid });
  }

  /** Leaves the group; the leader lock passes to another tab, which connects. Resolves once the locks are let go of. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#leading = false;
    const released = this.#releases.splice(0).map((release) => release());
    this.#channel.onmessage = null;
    this.#channel.close();
    await Promise.all(released);
  }

  #lead(): void {
    if (this.#closed) return;
    this.#leading = true;
    this.#post({ type: "leader", uid: this.#options.uid, tab: this.id });
    this.#options.onLead();
  }

  #receive(data: unknown): void {
    const message = parseTabMessage(data);
    if (!message || this.#closed) return;
    if (message.type === "signed-out" || (message.type === "opened" && message.uid !== this.#options.uid)) {
      this.#options.onRetire();
      return;
    }
    if (message.uid !== this.#options.uid) return;
    this.#handle(message);
  }

  #handle(message: Exclude<TabMessage, { type: "signed-out" }>): void {
    switch (message.type) {
      case "opened":
        return;
      case "leader":
        // A new leader knows nothing of what the old one was sending: this tab says which commands are its.
        if (!this.#leading) this.#announceOwn().catch((error: unknown) => console.error("tab announce failed", error));
        return;
      case "ask-status":
        if (this.#leading) this.publishStatus(this.#status.status, this.#status.refusal);
        return;
      case "status":
        if (!this.#leading) this.#options.onStatus(message.status, message.refusal);
        return;
      case "flush":
        if (!this.#leading) return;
        for (const command of message.commands) this.#owners.set(command, message.tab);
        this.#options.onFlushAsked();
        return;
      case "focus":
        if (this.#leading) this.#options.onFocusAsked(message.scopes);
        return;
      case "resync":
        if (this.#leading) this.#options.onResyncAsked();
        return;
      case "rejected":
        if (message.to !== this.id) return;
        this.#own.delete(message.command);
        this.#options.onRejected(message.errors);
        return;
      case "session-expired":
        if (!this.#leading) this.#options.onSessionExpired();
        return;
      default: {
        const never: never = message;
        throw new Error(`unhandled tab message ${JSON.stringify(never)}`);
      }
    }
  }

  async #announceOwn(): Promise<void> {
    const queued = await this.#options.stillQueued([...this.#own]);
    this.#own.clear();
    this.askFlush(queued);
  }

  #post(message: TabMessage): void {
    if (this.#closed) return;
    this.#channel.postMessage(message);
  }
}

/** Tells every tab to stop syncing, before a sign-out deletes the replica they share. */
export function announceSignOut(name: string): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(channelName(name));
  channel.postMessage({ type: "signed-out" } satisfies TabMessage);
  channel.close();
}
