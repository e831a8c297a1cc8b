import { Dexie } from "dexie";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { API_BASE, expireSession, sessionHeaders } from "../api/api-client.ts";
import { readCredentials } from "../api/session-credentials.ts";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { StorageNotice } from "../components/shell/storage-notice.tsx";
import { hasEarlySocket, replicaListedEarly, takeEarlySocket } from "../early-sync/start-early-sync.ts";
import { syncUrl } from "../early-sync/sync-url.ts";
import { type FirstList, firstListOfPath } from "../first-screen/first-list-of-path.ts";
import { markLoadStep } from "../load-steps.ts";
import { showErrorToasts } from "../notifications/toasts.ts";
import { connection, watchNetwork } from "../state/connection-state.ts";
import { hasPendingWrites } from "./outbox.ts";
import type { ReplicaDb } from "./replica-db.ts";
import { REPLICA_DB_NAME, ReplicaRuntime } from "./replica-runtime.ts";
import { replicaSchemasFor } from "./replica-versions.ts";
import { focusOfPath } from "./route-focus.ts";
import { browserStorageManager } from "./storage/persistent-storage.ts";
import { browserRecordStore, forgetReplicaRecord } from "./storage/replica-record.ts";
import { clearStorageNotices, storageNotices } from "./storage/storage-notice-state.ts";
import { announceSignOut } from "./tab-peers.ts";

const ReplicaContext = createContext<ReplicaRuntime | null>(null);

/** The runtime of the signed-in user, for sign-out, which happens outside React's tree. */
let active: ReplicaRuntime | null = null;

function openRuntime(uid: string): Promise<ReplicaRuntime> {
  return ReplicaRuntime.open({
    uid,
    apiBase: API_BASE,
    syncUrl: syncUrl(),
    credentials: readCredentials,
    headers: () => {
      const credentials = readCredentials();
      return credentials ? sessionHeaders(credentials) : null;
    },
    // The spec: failed calls toast the detail of each error.
    onRejected: (errors) => showErrorToasts(errors.map((error) => error.detail)),
    onSessionExpired: expireSession,
    onStatus: (status) => {
      connection.sync = status;
    },
    onRefused: (detail) => {
      connection.refusal = detail;
    },
    onStorageNotice: (notice) => {
      storageNotices.notice = notice;
    },
    onChangeNotSaved: () => {
      storageNotices.changeNotSaved = true;
    },
    storageManager: browserStorageManager(),
    records: browserRecordStore(),
    focus: focusOfPath(window.location.pathname),
    takeSocket: () => takeEarlySocket(uid),
    socketWaiting: () => hasEarlySocket(uid),
    // Only code as new as this page's makes a replica at the version this code knows as latest.
    schemas: replicaSchemasFor(replicaListedEarly()),
  });
}

/** A replica opening before React renders its provider, and once open, itself: see `prepareReplica`. */
let prepared: { uid: string; runtime: Promise<ReplicaRuntime>; opened: ReplicaRuntime | null } | null = null;

/**
 * Starts opening the signed-in user's replica, and so its sync, as soon as this code has loaded
 * (main.tsx), rather than once React has rendered the provider: on a fresh profile, creating the
 * database and connecting overlap the first render. Settles once the replica is open (or failed).
 */
export function prepareReplica(uid: string): Promise<unknown> {
  if (prepared || active) return prepared?.runtime ?? Promise.resolve();
  const runtime = openRuntime(uid);
  const entry = { uid, runtime, opened: null as ReplicaRuntime | null };
  runtime.then(
    (opened) => {
      entry.opened = opened;
    },
    // Reported where it is taken (ReplicaProvider), or never wanted.
    () => undefined,
  );
  prepared = entry;
  const list = firstListOfPath(window.location.pathname);
  // Not begun, the screen reads for itself, as it always does once rendered.
  if (list) firstRead = runtime.then((opened) => beginFirstRead(opened.db, uid, list)).catch(() => undefined);
  return runtime;
}

/** The load's first list read (see first-screen/early-read.ts): settles at its first answer. */
let firstRead: Promise<void> = Promise.resolve();
/** How long the first render waits for that answer: a slow database must not hold the screen back. */
const FIRST_READ_WAIT_MS = 250;

/** The first list's read, from the code of that list alone: the screen's own, which the page is loading. */
async function beginFirstRead(db: ReplicaDb, uid: string, list: FirstList): Promise<void> {
  if (list.kind === "board") {
    const { beginFirstBoardPage } = await import("../first-screen/first-board-page.ts");
    return beginFirstBoardPage(db, uid, list.workspaceId, list.projectId);
  }
  const { beginFirstPeopleRows } = await import("../first-screen/first-people-rows.ts");
  return beginFirstPeopleRows(db, uid, list.kind === "pool" ? null : list.workspaceId);
}

/**
 * Settles once the load's first list read has answered, or at once when there is none, or after a
 * quarter of a second: the first render then shows the rows a replica already holds, rather than
 * rendering without them and again once they are read.
 */
export function firstReadAnswered(): Promise<void> {
  return Promise.race([firstRead, new Promise<void>((resolve) => setTimeout(resolve, FIRST_READ_WAIT_MS))]);
}

/**
 * The prepared replica when it is this user's and already open: the provider's first render then
 * shows the screens, rather than a loader followed by an effect, a wait and a second render.
 */
function takeOpenedRuntime(uid: string): ReplicaRuntime | null {
  const opened = prepared?.uid === uid ? prepared.opened : null;
  if (opened) prepared = null;
  return opened;
}

/** The prepared replica when it is this user's; another user's is closed unused. */
function takeRuntime(uid: string): Promise<ReplicaRuntime> {
  const taken = prepared;
  prepared = null;
  if (taken?.uid === uid) return taken.runtime;
  if (taken)
    void taken.runtime.then(
      (runtime) => runtime.close(),
      () => undefined,
    );
  return openRuntime(uid);
}

/**
 * When the session ends without a sign-out (the 401 rule), the replica goes too, unless writes are
 * still queued: those wait on this device for the same user to sign in again, and are wiped the
 * moment anyone else does (ReplicaRuntime.open).
 */
async function release(runtime: ReplicaRuntime): Promise<void> {
  if (active === runtime) active = null;
  // Closed under it (deleted by a sign-out in another tab): asking it anything would reopen it empty.
  if (readCredentials() !== null || !runtime.db.isOpen()) {
    runtime.close();
    return;
  }
  if (await hasPendingWrites(runtime.db)) runtime.close();
  else await runtime.wipe();
}

/**
 * The start of a sign-out: every tab stops syncing and sending at once, before this one lets go
 * of leading (so that no other tab takes it up to connect again) and before the session ends
 * (so that no tab reads its end as an expired session).
 */
export function stopSyncInEveryTab(): void {
  announceSignOut(REPLICA_DB_NAME);
}

/**
 * Sign-out: deletes the replica, outbox included. Call it once the screens reading it are gone;
 * the deletion waits for any connection still open (another tab) to close.
 */
export async function deleteReplica(): Promise<void> {
  active?.close();
  active = null;
  // Deleted on purpose: the next sign-in must not read the empty replica as an eviction.
  forgetReplicaRecord(browserRecordStore(), REPLICA_DB_NAME);
  clearStorageNotices();
  await Dexie.delete(REPLICA_DB_NAME);
}

/** The pending writes of the signed-in user, for the warning before sign-out. */
export async function activePendingWrites(): Promise<number> {
  return active ? active.db.outbox.count() : 0;
}

/** Opens the replica for the signed-in user and keeps it in step with the server while mounted. */
export function ReplicaProvider({ uid, children }: { uid: string; children: ReactNode }) {
  const [runtime, setRuntime] = useState<ReplicaRuntime | null>(() => takeOpenedRuntime(uid));
  // The runtime the first render took, for the first effect to adopt; any later one opens its own.
  const unclaimed = useRef(runtime);
  useEffect(() => watchNetwork(), []);
  useEffect(() => {
    let opened: ReplicaRuntime | null = null;
    let cancelled = false;
    const adopt = (started: ReplicaRuntime) => {
      if (cancelled) {
        started.close();
        return;
      }
      opened = started;
      active = started;
      setRuntime(started);
      // Signed in with the replica open: ask the browser to keep it (a no-op where it cannot be asked).
      void started.requestPersistence();
    };
    const taken = unclaimed.current;
    unclaimed.current = null;
    if (taken) adopt(taken);
    else
      takeRuntime(uid).then(adopt, (error: unknown) => {
        // IndexedDB refused (private mode, disk full): say so rather than show an empty app.
        console.error("replica failed to open", error);
        showErrorToasts(["This browser refused to store data for offline use."]);
      });
    return () => {
      cancelled = true;
      setRuntime(null);
      clearStorageNotices();
      if (opened) void release(opened);
    };
  }, [uid]);
  if (!runtime) {
    return <LoadingScreen label="Opening your data" fullHeight />;
  }
  markLoadStep("screens");
  return (
    <ReplicaContext.Provider value={runtime}>
      {children}
      <StorageNotice onRetry={() => runtime.retryStorageNow()} />
    </ReplicaContext.Provider>
  );
}

/** The signed-in user's replica; only inside ReplicaProvider. */
export function useReplica(): ReplicaRuntime {
  const runtime = useContext(ReplicaContext);
  if (!runtime) throw new Error("useReplica outside ReplicaProvider");
  return runtime;
}
