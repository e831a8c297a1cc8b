import { readCredentials } from "../api/session-credentials.ts";
import { MOBILE_MEDIA_QUERY } from "../constants.ts";
import { markLoadStep, nextRowsShown } from "../load-steps.ts";
import { leaderLockName, REPLICA_DB_NAME } from "../replica/replica-name.ts";
import { focusOfPath } from "../replica/route-focus.ts";
import { recordNamesOwner, replicaRecordKey } from "../replica/storage/replica-record-key.ts";
import { EarlySocket } from "./early-socket.ts";
import { syncUrl } from "./sync-url.ts";

/**
 * A socket no sync client took by then is closed: this tab follows another that syncs for both
 * (tab-peers.ts), or the session ended before the replica opened.
 */
const UNTAKEN_MS = 10_000;

/**
 * Longest the rest of a first sync waits for the list screen to show its first rows: a screen
 * that reads no list, or a tab in the background that paints nothing, holds the sync that long.
 */
const FIRST_ROWS_WAIT_MS = 2_000;
/** The list screens, which say when they show rows, or that they have none (use-rows-shown.ts). */
const LIST_PATH = /^\/(talent_pool|workspaces\/[^/]+\/(people|projects|projects?\/[^/]+))$/;

/** The page's early socket, with whose session it was opened; null once taken, closed or never opened. */
let early: { socket: EarlySocket; uid: string } | null = null;
/** A sync client asked for it already: one opened after that would go untaken. */
let asked = false;

/** The profile's replica as `noReplica` found it listed: null when it held none, undefined when not asked. */
let listed: { version?: number | undefined } | null | undefined;

/**
 * Whether the profile holds no replica database: asked at once, it also wakes the browser's
 * IndexedDB, which a fresh profile otherwise starts only when the replica's code asks for it.
 * Unknown (a browser without `indexedDB.databases`) counts as not fresh.
 */
async function noReplica(): Promise<boolean> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return false;
  const databases = await indexedDB.databases();
  markLoadStep("replica-checked");
  const replica = databases.find((database) => database.name === REPLICA_DB_NAME);
  listed = replica ? { version: replica.version } : null;
  return replica === undefined;
}

/** The replica as the page's first check found it (replica-versions.ts' replicaSchemasFor). */
export function replicaListedEarly(): { version?: number | undefined } | null | undefined {
  return listed;
}

/** Whether another tab of the profile holds the sync for all (tab-peers.ts); unknown without Web Locks. */
async function anotherTabSyncs(): Promise<boolean> {
  if (!("locks" in navigator)) return false;
  const { held = [] } = await navigator.locks.query();
  return held.some((lock) => lock.name === leaderLockName(REPLICA_DB_NAME));
}

/**
 * A signed-in load's early sync: whose, and `decided` once its socket is open and the page knows
 * whether the profile holds a replica (or the sync is left to another tab). Opening the replica
 * before then would hold up that check, and so a fresh profile's hello, while the database is made.
 */
export interface EarlySync {
  uid: string;
  decided: Promise<void>;
}

/**
 * Run first thing by the page's entry (entry.ts): signed in on a desktop screen, every page shows
 * the replica's screens, so the sync socket opens now, while the app's code loads, unless another
 * tab already syncs for this one. Null when signed out or on a phone's screen.
 */
export function openEarlySync(): EarlySync | null {
  const credentials = readCredentials();
  if (!credentials || window.matchMedia(MOBILE_MEDIA_QUERY).matches) return null;
  const { uid } = credentials;
  if (!replicaRecorded(uid)) {
    // No replica of this user opened here since the last sign-out: the hello is a fresh replica's
    // whatever IndexedDB lists, so the socket opens now rather than after the two questions to
    // the browser's storage, which a fresh profile answers only once it has set that storage up
    // (60 to 250 ms of an empty page on this 2-core machine). Another tab syncing (a second tab
    // opened at once) closes it unused.
    const decided = settledOf(open(uid, Promise.resolve(true)));
    anotherTabSyncs().then(
      (follows) => {
        if (follows) closeEarly("another tab syncs");
      },
      () => undefined,
    );
    return { uid, decided };
  }
  const decided = settledOf(
    anotherTabSyncs().then(
      (follows) => (follows ? undefined : open(uid, null)),
      () => open(uid, null),
    ),
  );
  return { uid, decided };
}

/** Whether the app recorded a replica of `uid` in this profile (replica-record.ts). */
function replicaRecorded(uid: string): boolean {
  try {
    return recordNamesOwner(window.localStorage.getItem(replicaRecordKey(REPLICA_DB_NAME)), uid);
  } catch {
    // No localStorage: nothing tells, and IndexedDB is asked as without a record.
    return true;
  }
}

function settledOf(promise: Promise<unknown>): Promise<void> {
  return promise.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Opens the early socket; settles once the page knows whether the profile holds a replica.
 * `fresh`: whether the hello is a fresh replica's, when known already; null to go by IndexedDB's list.
 */
function open(uid: string, fresh: Promise<boolean> | null): Promise<unknown> {
  if (asked) return Promise.resolve();
  let socket: EarlySocket;
  const checked = noReplica();
  try {
    socket = new EarlySocket({
      url: syncUrl(),
      credentials: readCredentials,
      fresh: fresh ?? checked,
      focus: focusOfPath(window.location.pathname),
      firstRowsShown: LIST_PATH.test(window.location.pathname) ? firstRowsShown : undefined,
    });
  } catch (error) {
    // The sync client connects by itself later, and says what went wrong then.
    console.error("early sync socket", error);
    return checked;
  }
  const entry = { socket, uid };
  early = entry;
  setTimeout(() => {
    if (early === entry) closeEarly("not taken");
  }, UNTAKEN_MS);
  return checked;
}

/** Closes the early socket no sync client took (this tab follows another, or none came in time). */
function closeEarly(reason: string): void {
  const entry = early;
  if (!entry) return;
  early = null;
  entry.socket.close(1000, reason);
}

/** A list screen showed rows, or that it has none, or it took too long. */
function firstRowsShown(): Promise<void> {
  return Promise.race([nextRowsShown(), new Promise<void>((resolve) => setTimeout(resolve, FIRST_ROWS_WAIT_MS))]);
}

/** Whether the page opened a socket for `uid`'s sync client that it has not taken yet and is not closed. */
export function hasEarlySocket(uid: string): boolean {
  return early !== null && early.uid === uid && !early.socket.closed;
}

/**
 * The early socket, once, for the sync client of `uid`'s replica; null when there is none, or it
 * closed (the client then connects itself). One opened for another session is closed.
 */
export function takeEarlySocket(uid: string): EarlySocket | null {
  asked = true;
  const taken = early;
  early = null;
  if (!taken || taken.socket.closed) return null;
  if (taken.uid === uid) return taken.socket;
  taken.socket.close(1000, "another session");
  return null;
}
