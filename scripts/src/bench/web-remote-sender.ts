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

/** A PUT with a JSON body; the answer's status, 0 for a network error. */
async function put(url: string, session: Record<string, string>, body: unknown): Promise<number> {
  try {
    const response = await fetch(url, {
      method: "PUT",
      headers: { ...session, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** PUT /workspaces/{id} with a new name. */
export function rename(baseUrl: string, session: Record<string, string>, command: Rename): Promise<number> {
  return put(`${baseUrl}/api/v1/workspaces/${command.id}`, session, { name: command.name });
}

export interface Move {
  projectId: string;
  candidacyId: string;
  stageId: string;
}

/** PUT /projects/{p}/project_people/{id}/move to another stage. */
export function moveCandidate(baseUrl: string, session: Record<string, string>, command: Move): Promise<number> {
  const url = `${baseUrl}/api/v1/projects/${command.projectId}/project_people/${command.candidacyId}/move`;
  return put(url, session, { stage_id: command.stageId });
}

/**
 * Sends `commands` paced at `perSecond` in all, by `writers` writers taking them round-robin
 * (command i belongs to writer i % writers), each through `send`, which answers the status (0 for
 * a network error). A writer sends each command at its slot, but never before its previous one was
 * answered, as the outbox flusher does: writers do not conflict with themselves, and a server that
 * falls behind shows as a lower achieved rate, not as a pile-up.
 */
export async function sendPaced<T>(
  commands: T[],
  send: (command: T) => Promise<number>,
  options: { perSecond: number; writers: number },
): Promise<{ sent: SentCommand[]; seconds: number }> {
  const sent: SentCommand[] = [];
  const started = performance.now();
  const writer = async (first: number) => {
    for (let index = first; index < commands.length; index += options.writers) {
      const command = commands[index];
      if (command === undefined) return;
      const wait = started + (index * 1000) / options.perSecond - performance.now();
      if (wait >= 1) await pause(wait);
      const sentAt = nodeClock();
      const leftAt = performance.now();
      const status = await send(command);
      sent[index] = { sentAt, status, answerMs: performance.now() - leftAt };
    }
  };
  await Promise.all(Array.from({ length: options.writers }, (_, first) => writer(first)));
  return { sent, seconds: (performance.now() - started) / 1000 };
}
