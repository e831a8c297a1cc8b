import { afterEach, describe, expect, it } from "vitest";
import { newId } from "../ids/new-id.ts";
import type { RejectedError } from "./http-answer.ts";
import type { SyncStatus } from "./sync-socket.ts";
import { browserLocks, type TabLocks } from "./tab-locks.ts";
import { parseTabMessage } from "./tab-messages.ts";
import { announceSignOut, TabPeers, toastTab } from "./tab-peers.ts";

describe("toastTab", () => {
  it("shows a refusal in the tab that queued the command while that tab is open", () => {
    expect(toastTab("follower", "leader", new Set(["follower"]))).toBe("follower");
  });

  it("shows it in the leader's tab when the tab that queued it has closed", () => {
    expect(toastTab("follower", "leader", new Set(["another"]))).toBe("leader");
  });

  it("shows it in the leader's tab when no tab claims the command", () => {
    expect(toastTab(undefined, "leader", new Set(["follower"]))).toBe("leader");
  });
});

describe("parseTabMessage", () => {
  it("reads a message another tab posted", () => {
    expect(parseTabMessage({ type: "flush", uid: "a@example.com", tab: "t1", commands: ["c1"] })).toEqual({
      type: "flush",
      uid: "a@example.com",
      tab: "t1",
      commands: ["c1"],
    });
  });

  it("ignores what it cannot read", () => {
    expect(parseTabMessage({ type: "flush", uid: "a@example.com" })).toBeNull();
    expect(parseTabMessage({ type: "status", uid: "a@example.com", status: "asleep", refusal: null })).toBeNull();
    expect(parseTabMessage("flush")).toBeNull();
  });
});

/** What one tab's peers told it, as ordered waits. */
class TabLog {
  readonly events: string[] = [];
  readonly #waiters: { match: string; resolve: () => void }[] = [];

  record(event: string): void {
    this.events.push(event);
    for (const waiter of this.#waiters.filter((candidate) => candidate.match === event)) waiter.resolve();
  }

  next(event: string): Promise<void> {
    if (this.events.includes(event)) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ match: event, resolve }));
  }
}

function locks(): TabLocks {
  const found = browserLocks();
  if (!found) throw new Error("this runtime has no Web Locks");
  return found;
}

const opened: TabPeers[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((peers) => peers.close()));
});

/** A fresh name per test: locks and channels of this process outlive a test that fails. */
function replicaName(): string {
  return `tab-peers-test-${newId()}`;
}

function tab(name: string, uid = "a@example.com", queued: string[] = []): { peers: TabPeers; log: TabLog } {
  const log = new TabLog();
  const peers = new TabPeers({
    name,
    uid,
    locks: locks(),
    onLead: () => log.record("lead"),
    onFlushAsked: () => log.record("flush"),
    onFocusAsked: (scopes) => log.record(`focus ${scopes.join()}`),
    onResyncAsked: () => log.record("resync"),
    onStatus: (status: SyncStatus, refusal: string | null) => log.record(`status ${status} ${refusal ?? ""}`.trim()),
    onRejected: (errors: RejectedError[]) => log.record(`rejected ${errors.map((error) => error.detail).join()}`),
    onSessionExpired: () => log.record("session-expired"),
    onRetire: () => log.record("retire"),
    stillQueued: async (commands) => commands.filter((command) => queued.includes(command)),
  });
  opened.push(peers);
  peers.start();
  return { peers, log };
}

describe("TabPeers", () => {
  it("lets one tab lead, sends another's writes through it, and hands over when it closes", async () => {
    const name = replicaName();
    const first = tab(name);
    await first.log.next("lead");
    const second = tab(name);
    second.peers.askFlush(["c1"]);
    await first.log.next("flush");
    expect(second.peers.leading).toBe(false);
    expect(second.log.events).not.toContain("lead");

    await first.peers.close();
    await second.log.next("lead");
    expect(second.peers.leading).toBe(true);
  });

  it("passes a follower's focus and its call for a fresh sync to the leader alone", async () => {
    const name = replicaName();
    const leader = tab(name);
    await leader.log.next("lead");
    const follower = tab(name);
    follower.peers.askFocus(["proj:p1", "ws:w1"]);
    await leader.log.next("focus proj:p1,ws:w1");
    follower.peers.askResync();
    await leader.log.next("resync");
    leader.peers.askFocus(["user:u1"]);
    leader.peers.askResync();
    follower.peers.askFlush();
    await leader.log.next("flush");
    expect(follower.log.events.filter((event) => event.startsWith("focus") || event === "resync")).toEqual([]);
    expect(leader.log.events.filter((event) => event.startsWith("focus"))).toEqual(["focus proj:p1,ws:w1"]);
  });

  it("gives every tab the leader's sync status, a tab opened later too", async () => {
    const name = replicaName();
    const leader = tab(name);
    await leader.log.next("lead");
    const follower = tab(name);
    leader.peers.publishStatus("refused", "Origin not allowed");
    await follower.log.next("status refused Origin not allowed");
    const late = tab(name);
    await late.log.next("status refused Origin not allowed");
  });

  it("shows a refusal in the tab that queued the command, or in the leader's once that tab is gone", async () => {
    const name = replicaName();
    const leader = tab(name);
    await leader.log.next("lead");
    const follower = tab(name);
    follower.peers.askFlush(["c1", "c2"]);
    await leader.log.next("flush");

    await leader.peers.rejected("c1", [{ status: 404, detail: "Workspace not found" }]);
    await follower.log.next("rejected Workspace not found");
    expect(leader.log.events).not.toContain("rejected Workspace not found");

    await follower.peers.close();
    await leader.peers.rejected("c2", [{ status: 422, detail: "Name is taken" }]);
    expect(leader.log.events).toContain("rejected Name is taken");
  });

  it("tells a new leader which pending commands are whose", async () => {
    const name = replicaName();
    const first = tab(name);
    await first.log.next("lead");
    // Lock requests are granted in the order made: this tab leads next.
    const next = tab(name);
    const owner = tab(name, "a@example.com", ["c1"]);
    owner.peers.askFlush(["c1", "c-settled"]);
    await first.log.next("flush");

    await first.peers.close();
    await next.log.next("lead");
    await next.log.next("flush");
    await next.peers.rejected("c1", [{ status: 404, detail: "Gone" }]);
    await owner.log.next("rejected Gone");
    expect(next.log.events).not.toContain("rejected Gone");
  });

  it("stops every tab when another user opens the replica, or a tab signs out", async () => {
    const name = replicaName();
    const first = tab(name);
    await first.log.next("lead");
    tab(name, "b@example.com");
    await first.log.next("retire");

    const other = replicaName();
    const signedIn = tab(other);
    await signedIn.log.next("lead");
    announceSignOut(other);
    await signedIn.log.next("retire");
  });
});
