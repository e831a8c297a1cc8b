/**
 * A header of an RFC 5322 message, unfolded, or undefined: what the test mail servers read of
 * the messages they are given (their Message-ID, their threading headers).
 */
export function rawHeader(raw: Buffer, name: string): string | undefined {
  const text = raw.toString("latin1");
  const end = text.search(/\r?\n\r?\n/);
  const unfolded = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const wanted = name.toLowerCase();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === wanted) return line.slice(colon + 1).trim();
  }
  return undefined;
}

/** The Message-IDs a header lists (References, In-Reply-To), with their angle brackets. */
export function messageIdsIn(value: string | undefined): string[] {
  return value?.match(/<[^<>\s]+>/g) ?? [];
}

/** `raw` with its Message-ID replaced by `messageId` (added when it had none). */
export function withMessageId(raw: Buffer, messageId: string): Buffer {
  const text = raw.toString("latin1");
  const end = text.search(/\r?\n\r?\n/);
  const head = end === -1 ? text : text.slice(0, end);
  const line = /^message-id:[^\r\n]*(\r?\n[ \t][^\r\n]*)*/im;
  const replaced = line.test(head)
    ? head.replace(line, `Message-ID: ${messageId}`)
    : `Message-ID: ${messageId}\r\n${head}`;
  return Buffer.from(replaced + (end === -1 ? "" : text.slice(end)), "latin1");
}
