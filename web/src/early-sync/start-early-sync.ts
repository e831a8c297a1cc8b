import { readCredentials } from "../api/session-credentials.ts";
import { MOBILE_MEDIA_QUERY } from "../constants.ts";
import { markLoadStep, nextRowsShown } from "../load-steps.ts";
import { leaderLockName, REPLICA_DB_NAME } from "../replica/replica-name.ts";
import { focusOfPath } from "../replica/route-focus.ts";
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
  const decided = anotherTabSyncs()
    .then(
      (follows) => (follows ? undefined : open(credentials.uid)),
      () => open(credentials.uid),
    )
    .then(
      () => undefined,
      () => undefined,
    );
  return { uid: credentials.uid, decided };
}

/** Opens the early socket; settles once the page knows whether the profile holds a replica. */
function open(uid: string): Promise<unknown> {
  if (asked) return Promise.resolve();
  let socket: EarlySocket;
  const fresh = noReplica();
  try {
    socket = new EarlySocket({
      url: syncUrl(),
      credentials: readCredentials,
      fresh,
      focus: focusOfPath(window.location.pathname),
      firstRowsShown: LIST_PATH.test(window.location.pathname) ? firstRowsShown : undefined,
    });
  } catch (error) {
    // The sync client connects by itself later, and says what went wrong then.
    console.error("early sync socket", error);
    return fresh;
  }
  const entry = { socket, uid };
  early = entry;
  setTimeout(() => {
    if (early !== entry) return;
    early = null;
    socket.close(1000, "not taken");
  }, UNTAKEN_MS);
  return fresh;
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
