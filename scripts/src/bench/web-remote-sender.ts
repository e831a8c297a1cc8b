import { pause } from "./web-browser.ts";

/** Wall-clock ms at the resolution of performance.now(), comparable with the page's pageClock(). */
export const nodeClock = () => performance.timeOrigin + performance.now();

export interface SentCommand {
  /** nodeClock() just before the request left. */
  sentAt: number;
  /** The answer's status; 0 for a network error. */
  status: number;
  /** Send to the answer, ms. */
  answerMs: number;
}

export interface Rename {
  id: string;
  name: string;
}

/** PUT /workspaces/{id} with a new name; the answer's status, 0 for a network error. */
export async function rename(baseUrl: string, session: Record<string, string>, command: Rename): Promise<number> {
  try {
    const response = await fetch(`${baseUrl}/api/v1/workspaces/${command.id}`, {
      method: "PUT",
      headers: { ...session, "content-type": "application/json" },
      body: JSON.stringify({ name: command.name }),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * Sends `commands` paced at `perSecond` in all, by `writers` writers taking them round-robin
 * (command i belongs to writer i % writers). A writer sends each command at its slot, but never
 * before its previous one was answered, as the outbox flusher does: writers do not conflict with
 * themselves, and a server that falls behind shows as a lower achieved rate, not as a pile-up.
 */
export async function sendPaced(
  baseUrl: string,
  session: Record<string, string>,
  commands: Rename[],
  options: { perSecond: number; writers: number },
): Promise<{ sent: SentCommand[]; seconds: number }> {
  const sent: SentCommand[] = [];
  const started = performance.now();
  const writer = async (first: number) => {
    for (let index = first; index < commands.length; index += options.writers) {
      const command = commands[index];
      if (!command) return;
      const wait = started + (index * 1000) / options.perSecond - performance.now();
      if (wait >= 1) await pause(wait);
      const sentAt = nodeClock();
      const leftAt = performance.now();
      const status = await rename(baseUrl, session, command);
      sent[index] = { sentAt, status, answerMs: performance.now() - leftAt };
    }
  };
  await Promise.all(Array.from({ length: options.writers }, (_, first) => writer(first)));
  return { sent, seconds: (performance.now() - started) / 1000 };
}
