import { z } from "zod";
import type { AccessTokens } from "../transports/access-tokens.ts";
import { GraphApi, graphQuery } from "../transports/graph-api.ts";
import { MailboxApiError, type MailboxBackoff } from "../transports/mailbox-api-call.ts";
import type { FetchedMail, MailboxReader } from "./mailbox-reader.ts";

export interface GraphReaderOptions {
  apiUrl?: string;
  backoff?: MailboxBackoff;
  /** How far back a resync reads the inbox, in days. */
  resyncDays?: number;
  /** Now, for the window a first read or a resync starts at. */
  clock?: () => Date;
}

const deltaPage = z.object({
  value: z.array(z.object({ id: z.string().min(1), "@removed": z.unknown().optional() })),
  "@odata.nextLink": z.string().optional(),
  "@odata.deltaLink": z.string().optional(),
});

/**
 * What arrived in a Microsoft 365 inbox, through the inbox's messages delta query: the cursor is
 * the delta link of the last read, and a read follows it to the messages added (or changed) since,
 * each fetched as MIME (`$value`). A message changed rather than added (read, flagged) comes again:
 * recording is idempotent by Message-ID.
 *
 * A first read reads the last `resyncDays` days of the inbox, so that an answer that came before
 * the mailbox's first read is not lost (recording is idempotent). Exchange forgets a delta state after a while and answers 410
 * (SyncStateNotFound): the reader then starts a new delta over the last `resyncDays` days and reads
 * all of it, so nothing that arrived in between is lost.
 */
export class GraphReader implements MailboxReader {
  readonly #api: GraphApi;
  readonly #resyncDays: number;
  readonly #clock: () => Date;

  constructor(tokens: AccessTokens, options: GraphReaderOptions = {}) {
    this.#api = new GraphApi(tokens, options);
    this.#resyncDays = options.resyncDays ?? 7;
    this.#clock = options.clock ?? (() => new Date());
  }

  async read(cursor: string | undefined): Promise<{ messages: FetchedMail[]; cursor: string; resynced: boolean }> {
    if (cursor === undefined) return { ...(await this.#recent()), resynced: false };
    try {
      const { ids, deltaLink } = await this.#follow(cursor);
      return { messages: await this.#fetch(ids), cursor: deltaLink, resynced: false };
    } catch (error) {
      if (!(error instanceof MailboxApiError && error.status === 410)) throw error;
    }
    return { ...(await this.#recent()), resynced: true };
  }

  /** A new delta round over the inbox of the last `resyncDays` days, read whole. */
  async #recent(): Promise<{ messages: FetchedMail[]; cursor: string }> {
    const since = new Date(this.#clock().getTime() - this.#resyncDays * 86_400_000);
    const { ids, deltaLink } = await this.#follow(this.#startingAt(since));
    return { messages: await this.#fetch(ids), cursor: deltaLink };
  }

  #startingAt(since: Date): string {
    const query = graphQuery({
      $filter: `receivedDateTime ge ${since.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
      $select: "id,internetMessageId,receivedDateTime",
    });
    return `/me/mailFolders/inbox/messages/delta?${query}`;
  }

  /** Every page of a delta round, to its delta link: the ids of the messages it names, oldest change first. */
  async #follow(link: string): Promise<{ ids: string[]; deltaLink: string }> {
    const ids = new Set<string>();
    let next = link;
    for (;;) {
      const page = await this.#api.json({ path: next, headers: { prefer: "odata.maxpagesize=50" } }, deltaPage);
      for (const message of page.value) if (message["@removed"] === undefined) ids.add(message.id);
      if (page["@odata.deltaLink"]) return { ids: [...ids], deltaLink: page["@odata.deltaLink"] };
      if (!page["@odata.nextLink"]) {
        throw new MailboxApiError("Microsoft Graph ended a delta page without a next or delta link.", { status: 502 });
      }
      next = page["@odata.nextLink"];
    }
  }

  async #fetch(ids: string[]): Promise<FetchedMail[]> {
    const fetched: FetchedMail[] = [];
    for (const id of ids) {
      try {
        const raw = await this.#api.raw({ path: `/me/messages/${encodeURIComponent(id)}/$value` });
        fetched.push({ raw, providerId: id });
      } catch (error) {
        // Deleted since it arrived: nothing left to read.
        if (!(error instanceof MailboxApiError && error.status === 404)) throw error;
      }
    }
    return fetched;
  }
}
