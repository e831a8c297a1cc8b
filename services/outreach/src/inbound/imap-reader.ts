import { ImapFlow } from "imapflow";
import { requiresStartTls } from "../transports/smtp-delivery.ts";
import { formatImapCursor, nextImapCursor, parseImapCursor, planImapRead, uidsToFetch } from "./imap-cursor.ts";
import type { FetchedMail, MailboxReader } from "./mailbox-reader.ts";
import { MailboxSignInRefusedError } from "./mailbox-sign-in-refused.ts";

/** An IMAP server's address and sign-in, as a credential keeps them sealed. */
export interface ImapAccount {
  host: string;
  port: number;
  /** TLS from the first byte (993); otherwise STARTTLS, required except towards this machine. */
  secure: boolean;
  username: string;
  password: string;
}

export interface ImapReaderOptions {
  now?: () => Date;
  /** How far back a first read, or one after UIDVALIDITY changed, looks (default 7 days). */
  windowDays?: number;
  /** Most messages one read returns; the cursor then points at the next (default 100). */
  limit?: number;
  /** Connecting, the greeting and each answer must come within this (default 30 s). */
  timeoutMs?: number;
}

const MAILBOX = "INBOX";

/**
 * Reads a mailbox's INBOX over IMAP (imapflow), read-only so that nothing is marked as seen. The
 * cursor keeps the mailbox's UIDVALIDITY and the next UID: a read searches the UIDs from there
 * on and fetches those messages whole (their source, untouched). A cursor of another UIDVALIDITY
 * (the server renumbered the mailbox) resyncs from a recent window by date instead; see
 * planImapRead.
 */
export class ImapReader implements MailboxReader {
  readonly #account: ImapAccount;
  readonly #now: () => Date;
  readonly #windowDays: number;
  readonly #limit: number;
  readonly #timeoutMs: number;

  constructor(account: ImapAccount, options: ImapReaderOptions = {}) {
    this.#account = account;
    this.#now = options.now ?? (() => new Date());
    this.#windowDays = options.windowDays ?? 7;
    this.#limit = options.limit ?? 100;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
  }

  async read(cursorText: string | undefined): Promise<{ messages: FetchedMail[]; cursor: string; resynced: boolean }> {
    const client = await this.#connect();
    try {
      const mailbox = await client.mailboxOpen(MAILBOX, { readOnly: true });
      const uidValidity = String(mailbox.uidValidity);
      const now = this.#now();
      const plan = planImapRead(parseImapCursor(cursorText), uidValidity, now, this.#windowDays);
      const mailboxUidNext = mailbox.uidNext > 0 ? mailbox.uidNext : undefined;
      // Nothing arrived since the cursor: no search needed.
      const idle = plan.from === "uid" && mailboxUidNext !== undefined && mailboxUidNext <= plan.uid;
      const found = idle
        ? []
        : await client.search(plan.from === "uid" ? { uid: `${plan.uid}:*` } : { since: plan.since }, { uid: true });
      const { uids, more } = uidsToFetch(plan, found || [], this.#limit);
      const messages: FetchedMail[] = [];
      if (uids.length > 0) {
        const fetched = await client.fetchAll(uids.join(","), { uid: true, source: true }, { uid: true });
        for (const message of [...fetched].sort((a, b) => a.uid - b.uid)) {
          if (message.source) messages.push({ raw: message.source, providerId: String(message.uid) });
        }
      }
      const cursor = nextImapCursor({ plan, uidValidity, mailboxUidNext, taken: uids, more, now });
      return { messages, cursor: formatImapCursor(cursor), resynced: plan.from === "date" && plan.resynced };
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  async #connect(): Promise<ImapFlow> {
    const account = this.#account;
    const client = new ImapFlow({
      host: account.host,
      port: account.port,
      secure: account.secure,
      // The password only ever crosses an encrypted connection, except to this machine itself.
      ...(!account.secure && requiresStartTls(account.host) ? { doSTARTTLS: true } : {}),
      auth: { user: account.username, pass: account.password },
      // imapflow logs every command by default; a log line must never carry a secret.
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: this.#timeoutMs,
      greetingTimeout: this.#timeoutMs,
      socketTimeout: this.#timeoutMs,
    });
    // A connection dropped while idle between commands is reported by the command that needed it.
    client.on("error", () => undefined);
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw signInRefusal(error, account.password) ?? error;
    }
    return client;
  }
}

/** imapflow marks a refused LOGIN/AUTHENTICATE; its words are the server's, without the password should one echo it. */
function signInRefusal(error: unknown, password: string): MailboxSignInRefusedError | undefined {
  if (!(error instanceof Error) || !("authenticationFailed" in error) || error.authenticationFailed !== true) {
    return undefined;
  }
  const words = "responseText" in error && typeof error.responseText === "string" ? error.responseText : error.message;
  return new MailboxSignInRefusedError(words.split(password).join("•••"));
}
