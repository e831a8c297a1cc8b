// The extension's worker: holds the session the app's pages hand over, answers the panel, and
// sends the outbox's adds until each has an answer that settles it.
import { normalizeProfileUrl } from "@hirestream/contracts/people/from-profile.ts";
import { BUILT_APP_URL } from "../app-address.ts";
import { type ListReply, type Request, request, type StateReply } from "../messages.ts";
import { answerOf, type Reply } from "./add-answer.ts";
import { postFromProfile, readProjects, readWorkflow, readWorkspaces } from "./api-calls.ts";
import { loadOutbox, loadSession, saveOutbox, saveSession } from "./extension-storage.ts";
import { dueAdds, enqueue, FIRST_RETRY_MS, latestAddOf, nextWake, resumeSignedOut, settle } from "./outbox.ts";
import { projectsOf, stagesOf, workspacesOf } from "./picker-reads.ts";
import type { StoredSession } from "./session.ts";
import { sessionHandedOver } from "./session-handover.ts";

const RETRY_ALARM = "retry-adds";

// Every change to the outbox goes through this chain, so that an alarm and a click never both
// read, change and write it at once.
let chain: Promise<unknown> = Promise.resolve();
function serially<T>(work: () => Promise<T>): Promise<T> {
  const next = chain.then(work, work);
  chain = next.catch(() => undefined);
  return next;
}

function flush(): Promise<void> {
  return serially(async () => {
    let session = await loadSession();
    // Every change to the outbox runs in this chain: the copy read here stays the stored one.
    let box = await loadOutbox();
    for (const add of dueAdds(box, Date.now())) {
      const answer = session
        ? answerOf(await postFromProfile(session, add.id, add.attributes))
        : { kind: "signed_out" as const };
      if (answer.kind === "signed_out" && session) {
        session = null;
        await saveSession(null);
      }
      box = settle(box, add.id, answer, Date.now());
      await saveOutbox(box);
    }
    const wake = nextWake(box);
    // Alarms fire no sooner than 30 s after they are set, whatever they ask.
    if (wake === null) await chrome.alarms.clear(RETRY_ALARM);
    else await chrome.alarms.create(RETRY_ALARM, { when: Math.max(wake, Date.now() + FIRST_RETRY_MS) });
  });
}

function listOf<T>(reply: Reply, parse: (body: unknown) => T[]): ListReply<T> {
  if (reply.kind === "network") return { ok: false, error: "Hirestream could not be reached.", signed_out: false };
  if (reply.status === 401) return { ok: false, error: "Your Hirestream session has ended.", signed_out: true };
  if (reply.status !== 200) return { ok: false, error: `Hirestream answered ${reply.status}.`, signed_out: false };
  try {
    return { ok: true, items: parse(reply.body) };
  } catch {
    return { ok: false, error: "Hirestream answered in a way this extension does not understand.", signed_out: false };
  }
}

/** A list for the picker, read with the session; none without one. */
async function signedInList<T>(
  read: (session: StoredSession) => Promise<Reply>,
  parse: (body: unknown) => T[],
): Promise<ListReply<T>> {
  const session = await loadSession();
  if (!session) return { ok: false, error: "Sign in to Hirestream first.", signed_out: true };
  return listOf(await read(session), parse);
}

async function answer(message: Request, senderOrigin: string | null): Promise<unknown> {
  switch (message.type) {
    case "session": {
      if (!senderOrigin) return null;
      const current = await loadSession();
      const next = sessionHandedOver(current, message.session, senderOrigin);
      if (next === current) return null;
      await saveSession(next);
      if (next) {
        await serially(async () => saveOutbox(resumeSignedOut(await loadOutbox(), Date.now())));
        await flush();
      }
      return null;
    }
    case "state": {
      const session = await loadSession();
      const reply: StateReply = {
        signed_in: session !== null,
        app_url: session?.origin ?? BUILT_APP_URL,
        add: latestAddOf(await loadOutbox(), normalizeProfileUrl(message.profile) ?? message.profile),
      };
      return reply;
    }
    case "add": {
      const id = crypto.randomUUID();
      const profile = normalizeProfileUrl(message.profile) ?? message.profile;
      await serially(async () =>
        saveOutbox(
          enqueue(
            await loadOutbox(),
            { id, profile, attributes: message.attributes, ...(message.target ? { target: message.target } : {}) },
            Date.now(),
          ),
        ),
      );
      await flush();
      return null;
    }
    case "workspaces":
      return signedInList(readWorkspaces, workspacesOf);
    case "projects":
      return signedInList((session) => readProjects(session, message.workspace_id), projectsOf);
    case "stages":
      return signedInList((session) => readWorkflow(session, message.workspace_id, message.workflow_id), stagesOf);
    default: {
      const unknown: never = message;
      return unknown;
    }
  }
}

chrome.runtime.onMessage.addListener((raw, sender, sendResponse) => {
  const parsed = request.safeParse(raw);
  if (sender.id !== chrome.runtime.id || !parsed.success) return false;
  const senderOrigin = sender.url ? new URL(sender.url).origin : null;
  answer(parsed.data, senderOrigin).then(sendResponse, (error: unknown) => {
    console.error("Hirestream extension:", error instanceof Error ? error.message : error);
    sendResponse(null);
  });
  // The answer comes later.
  return true;
});

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === RETRY_ALARM) void flush();
});
chrome.runtime.onStartup.addListener(() => void flush());
chrome.runtime.onInstalled.addListener(() => void flush());
