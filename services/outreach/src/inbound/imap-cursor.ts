import { z } from "zod";

/**
 * Where an IMAP mailbox was read up to: the mailbox's UIDVALIDITY (as text: RFC 3501 allows any
 * 32-bit value, and the cursor is a string anyway), the first UID not read yet, and when it was read.
 */
const imapCursor = z.object({
  uidValidity: z.string().regex(/^\d+$/),
  uidNext: z.number().int().min(1),
  readAt: z.iso.datetime(),
});
export type ImapCursor = z.infer<typeof imapCursor>;

/** A cursor this reader did not write (or none) is no position: the read starts from a window instead. */
export function parseImapCursor(text: string | undefined): ImapCursor | undefined {
  if (text === undefined) return undefined;
  try {
    return imapCursor.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

export const formatImapCursor = (cursor: ImapCursor): string => JSON.stringify(cursor);

/** What to look for: UIDs from a known one on, or everything that arrived since a date. */
export type ImapReadPlan = { from: "uid"; uid: number } | { from: "date"; since: Date; resynced: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A cursor for this very mailbox (same UIDVALIDITY) goes on from its UID. Without one (a mailbox
 * read for the first time) the read takes the last `windowDays`, so that an answer that came
 * before the first read is not lost. When UIDVALIDITY changed, the UIDs the cursor knows mean
 * nothing any more: the read goes back to a day before the last read (SEARCH SINCE compares dates
 * only, in the server's time zone), or the window if that is earlier. What it finds again was
 * recorded already and is recorded once, by its Message-ID.
 */
export function planImapRead(
  cursor: ImapCursor | undefined,
  uidValidity: string,
  now: Date,
  windowDays: number,
): ImapReadPlan {
  const window = new Date(now.getTime() - windowDays * DAY_MS);
  if (cursor === undefined) return { from: "date", since: window, resynced: false };
  if (cursor.uidValidity !== uidValidity) {
    const lastRead = new Date(Date.parse(cursor.readAt) - DAY_MS);
    return { from: "date", since: lastRead < window ? lastRead : window, resynced: true };
  }
  return { from: "uid", uid: cursor.uidNext };
}

/**
 * The UIDs to fetch this time, in order, at most `limit` (and whether more are left): `found` is what the server's search
 * answered, which for `N:*` includes the newest message even below N (RFC 3501: `*` is the
 * largest UID in use), so those are left out.
 */
export function uidsToFetch(
  plan: ImapReadPlan,
  found: readonly number[],
  limit: number,
): { uids: number[]; more: boolean } {
  const wanted = [...new Set(plan.from === "uid" ? found.filter((uid) => uid >= plan.uid) : found)];
  wanted.sort((a, b) => a - b);
  return { uids: wanted.slice(0, limit), more: wanted.length > limit };
}

/**
 * The cursor after fetching `taken`: right after the last one when more are left for the next
 * read, else the mailbox's UIDNEXT (never behind what was fetched or where the read started).
 */
export function nextImapCursor(options: {
  plan: ImapReadPlan;
  uidValidity: string;
  mailboxUidNext: number | undefined;
  taken: readonly number[];
  more: boolean;
  now: Date;
}): ImapCursor {
  const { plan, taken, more } = options;
  const last = taken.at(-1);
  const uidNext =
    more && last !== undefined
      ? last + 1
      : Math.max(options.mailboxUidNext ?? 1, (last ?? 0) + 1, plan.from === "uid" ? plan.uid : 1);
  return { uidValidity: options.uidValidity, uidNext, readAt: options.now.toISOString() };
}
