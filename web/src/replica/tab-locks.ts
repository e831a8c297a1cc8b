/** What this module uses of the Web Locks API; the browser's `navigator.locks` fits. */
export interface TabLocks {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

/**
 * The browser's Web Locks, or null where it has none: they exist only in secure contexts (https,
 * localhost), not at http://<machine name>:port, where every tab then syncs on its own.
 */
export function browserLocks(): TabLocks | null {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return null;
  return navigator.locks ?? null;
}

/**
 * Asks for the lock `name` and holds it from the moment it is granted (then `onGranted` runs)
 * until the function answered is called, which resolves once the lock is let go of. The browser
 * grants a lock to one holder at a time and gives it to the next waiting tab as soon as the
 * holder's page closes, reloads or crashes.
 */
export function holdLock(locks: TabLocks, name: string, onGranted: () => void = () => {}): () => Promise<void> {
  const abort = new AbortController();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const done = locks
    .request(name, { signal: abort.signal }, async () => {
      // Let go between the grant and this callback: hand the lock straight on.
      if (abort.signal.aborted) return;
      onGranted();
      await held;
    })
    .then(
      () => {},
      (error: unknown) => {
        if (!abort.signal.aborted) console.error(`lock ${name} failed`, error);
      },
    );
  return () => {
    abort.abort();
    release();
    return done;
  };
}

/** The names of the locks held at this moment by any page of this origin. */
export async function heldLockNames(locks: TabLocks): Promise<Set<string>> {
  const { held = [] } = await locks.query();
  return new Set(held.flatMap((lock) => (lock.name ? [lock.name] : [])));
}
