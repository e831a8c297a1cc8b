// The session credentials (devise_token_auth's headers), kept in localStorage under the spec's keys.
import {
  CREDENTIAL_KEYS,
  type Credentials,
  credentialsIn,
} from "@hirestream/contracts/accounts/session-credentials.ts";

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off by the browser; the app then behaves as signed out.
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored credentials, or null unless token, client and uid are all there. */
export function readCredentials(): Credentials | null {
  const store = storage();
  return store ? credentialsIn(store) : null;
}

/** Stores whichever values are given; the others stay as they are. */
export function saveCredentials(values: Partial<Credentials>): void {
  const store = storage();
  if (!store) return;
  let changed = false;
  for (const key of CREDENTIAL_KEYS) {
    const value = values[key];
    if (value !== undefined && store.getItem(key) !== value) {
      store.setItem(key, value);
      changed = true;
    }
  }
  if (changed) notify();
}

/** Forgets the session (sign-out). */
export function clearCredentials(): void {
  const store = storage();
  if (!store) return;
  for (const key of CREDENTIAL_KEYS) store.removeItem(key);
  notify();
}

/** Forgets everything this app keeps in localStorage (an expired session). */
export function clearLocalStorage(): void {
  storage()?.clear();
  notify();
}

/**
 * Calls `listener` whenever the credentials may have changed, here or in another tab.
 * Returns the function that stops listening.
 */
export function subscribeCredentials(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (CREDENTIAL_KEYS as readonly string[]).includes(event.key)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
