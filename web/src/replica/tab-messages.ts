import { z } from "zod";

/**
 * What the tabs of one browser profile tell each other about the replica they share. Every tab
 * reads and writes the same Dexie database, whose own cross-tab notices keep each tab's screens
 * current; these messages only coordinate who talks to the server.
 */
const uid = z.string();
const tab = z.string();
const syncStatus = z.enum(["connecting", "live", "offline", "refused"]);

export const tabMessage = z.discriminatedUnion("type", [
  /** A tab of `uid` started: any tab of another user holds a replica about to be replaced. */
  z.object({ type: z.literal("opened"), uid, tab }),
  /** The tab that now talks to the server for `uid`; the others tell it which pending commands are theirs. */
  z.object({ type: z.literal("leader"), uid, tab }),
  /** A follower asks the leader for its sync status (it just started). */
  z.object({ type: z.literal("ask-status"), uid, tab }),
  /** The leader's sync status, for every tab's connection indicator. */
  z.object({ type: z.literal("status"), uid, status: syncStatus, refusal: z.string().nullable() }),
  /** A follower queued these commands (or still has them pending): the leader sends the outbox. */
  z.object({ type: z.literal("flush"), uid, tab, commands: z.array(z.string()) }),
  /** A follower's screen shows these scopes, most wanted first: the leader's sync sends them first. */
  z.object({ type: z.literal("focus"), uid, scopes: z.array(z.string()).max(100) }),
  /** A follower dropped the synced rows to make room (a quota error): the leader syncs afresh from cursor 0. */
  z.object({ type: z.literal("resync"), uid }),
  /** The server refused command `command`, queued by tab `to`: that tab shows the error toast. */
  z.object({
    type: z.literal("rejected"),
    uid,
    to: tab,
    command: z.string(),
    errors: z.array(z.object({ status: z.number(), detail: z.string() })),
  }),
  /** The leader found the session ended: every tab applies the 401 rule. */
  z.object({ type: z.literal("session-expired"), uid }),
  /** A tab signs out: every tab stops syncing at once, before the replica is deleted. */
  z.object({ type: z.literal("signed-out") }),
]);

export type TabMessage = z.infer<typeof tabMessage>;

/** Reads a message another tab posted; null for anything else (an older version of the app). */
export function parseTabMessage(data: unknown): TabMessage | null {
  const parsed = tabMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}
