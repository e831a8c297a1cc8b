import type { AccessTokens } from "../transports/access-tokens.ts";
import { GmailApi } from "../transports/gmail-api.ts";
import { MailboxApiError, type MailboxBackoff } from "../transports/mailbox-api-call.ts";
import type { FetchedMail, MailboxReader } from "./mailbox-reader.ts";

const notFound = (error: unknown) => error instanceof MailboxApiError && error.status === 404;

export interface GmailReaderOptions {
  apiUrl?: string;
  backoff?: MailboxBackoff;
  /** How far back a resync reads the inbox, in days. */
  resyncDays?: number;
}

/**
 * What arrived in a Gmail inbox, through users.history.list: the cursor is the mailbox's historyId
 * after the last read, and a read lists the messages added to INBOX since (replies, bounces,
 * automatic answers; our own sent mail is not in INBOX), each fetched raw.
 *
 * A first read lists the inbox of the last `resyncDays` days as a resync does, so that an answer
 * that came before the mailbox's first read is not lost. Gmail keeps history for a limited time (about a week, sometimes less) and answers 404 for an
 * older start: the reader then takes the mailbox's historyId first and lists the inbox of the
 * last `resyncDays` days, so a message arriving meanwhile is read by this read or the next (maybe
 * both: recording is idempotent by Message-ID), never by neither.
 */
export class GmailReader implements MailboxReader {
  readonly #api: GmailApi;
  readonly #resyncDays: number;

  constructor(tokens: AccessTokens, options: GmailReaderOptions = {}) {
    this.#api = new GmailApi(tokens, options);
    this.#resyncDays = options.resyncDays ?? 7;
  }

  async read(cursor: string | undefined): Promise<{ messages: FetchedMail[]; cursor: string; resynced: boolean }> {
    if (cursor === undefined) return { ...(await this.#recent()), resynced: false };
    try {
      const { ids, historyId } = await this.#addedSince(cursor);
      return { messages: await this.#fetch(ids), cursor: historyId, resynced: false };
    } catch (error) {
      if (!notFound(error)) throw error;
    }
    return { ...(await this.#recent()), resynced: true };
  }

  /** The inbox of the last `resyncDays` days, and the historyId taken before listing it. */
  async #recent(): Promise<{ messages: FetchedMail[]; cursor: string }> {
    const historyId = await this.#historyIdNow();
    const ids = await this.#inboxIds(`in:inbox newer_than:${this.#resyncDays}d`);
    return { messages: await this.#fetch(ids), cursor: historyId };
  }

  async #historyIdNow(): Promise<string> {
    const profile = await this.#api.call((options) => this.#api.users.getProfile({ userId: "me" }, options));
    if (!profile.historyId)
      throw new MailboxApiError("Gmail answered a profile without its historyId.", { status: 502 });
    return profile.historyId;
  }

  async #addedSince(startHistoryId: string): Promise<{ ids: string[]; historyId: string }> {
    const ids = new Set<string>();
    let historyId = startHistoryId;
    let pageToken: string | undefined;
    do {
      const token = pageToken;
      const page = await this.#api.call((options) =>
        this.#api.users.history.list(
          {
            userId: "me",
            startHistoryId,
            historyTypes: ["messageAdded"],
            labelId: "INBOX",
            ...(token ? { pageToken: token } : {}),
          },
          options,
        ),
      );
      for (const record of page.history ?? []) {
        for (const added of record.messagesAdded ?? []) {
          if (added.message?.id && (added.message.labelIds ?? ["INBOX"]).includes("INBOX")) ids.add(added.message.id);
        }
      }
      historyId = page.historyId ?? historyId;
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    return { ids: [...ids], historyId };
  }

  async #inboxIds(q: string): Promise<string[]> {
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const token = pageToken;
      const page = await this.#api.call((options) =>
        this.#api.users.messages.list({ userId: "me", q, ...(token ? { pageToken: token } : {}) }, options),
      );
      ids.push(...(page.messages ?? []).flatMap((message) => (message.id ? [message.id] : [])));
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    // Oldest first, as history lists them.
    return ids.reverse();
  }

  async #fetch(ids: string[]): Promise<FetchedMail[]> {
    const fetched: FetchedMail[] = [];
    for (const id of ids) {
      try {
        const message = await this.#api.call((options) =>
          this.#api.users.messages.get({ userId: "me", id, format: "raw" }, options),
        );
        if (message.raw) fetched.push({ raw: Buffer.from(message.raw, "base64url"), providerId: id });
      } catch (error) {
        // Deleted since it arrived: nothing left to read.
        if (!notFound(error)) throw error;
      }
    }
    return fetched;
  }
}
