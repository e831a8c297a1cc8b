// The worker's state in chrome.storage.local: the session handed over by the app, and the outbox.
import { type Outbox, readOutbox } from "./outbox.ts";
import { type StoredSession, storedSession } from "./session.ts";

export const SESSION_KEY = "session";
export const OUTBOX_KEY = "outbox";

export async function loadSession(): Promise<StoredSession | null> {
  const stored = await chrome.storage.local.get(SESSION_KEY);
  const parsed = storedSession.safeParse(stored[SESSION_KEY]);
  return parsed.success ? parsed.data : null;
}

export async function saveSession(session: StoredSession | null): Promise<void> {
  if (session) await chrome.storage.local.set({ [SESSION_KEY]: session });
  else await chrome.storage.local.remove(SESSION_KEY);
}

export async function loadOutbox(): Promise<Outbox> {
  const stored = await chrome.storage.local.get(OUTBOX_KEY);
  return readOutbox(stored[OUTBOX_KEY]);
}

export async function saveOutbox(box: Outbox): Promise<void> {
  await chrome.storage.local.set({ [OUTBOX_KEY]: box });
}
