/** One message fetched from a mailbox, as the provider keeps it. */
export interface FetchedMail {
  /** The whole RFC 5322 message. */
  raw: Buffer;
  /** The mailbox's own id for it (IMAP UID, Gmail message id, Graph item id). */
  providerId: string;
}

/**
 * Reads what arrived in a mailbox since the last read (replies, bounces, automatic answers). The
 * cursor is opaque to the caller, who stores it only after every message of the batch was recorded:
 * a crash in between reads the same messages again, and recording is idempotent by Message-ID, so
 * nothing is lost or doubled. `undefined` (a newly connected mailbox) reads a recent window, so that
 * an answer that came before the first read is not lost; when the provider forgot the stored
 * position (IMAP UIDVALIDITY changed, Gmail history 404, an expired Graph delta link), the reader
 * resyncs from a recent window by itself and says so with `resynced`.
 */
export interface MailboxReader {
  read(cursor: string | undefined): Promise<{ messages: FetchedMail[]; cursor: string; resynced: boolean }>;
}
