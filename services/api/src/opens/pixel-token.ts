import { OPEN_TAG_BYTES, type RunTags, runIdText, uuidOf } from "../opt-outs/opt-out-token.ts";

// A tracking pixel's URL names one sent message: the run, the step's position, and the run's open
// tag for the address it went to (the HMAC's next 96 bits after the 96 that tag the opt-out
// link, so sending a message makes one HMAC for both). Without the key no one can make a tag for
// another run; the position is outside the tag, so only the recipient, who holds the run's tag,
// could move an open from one of their steps to another, which tells nothing of anyone else.

const tokenShape = /^([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,3})\.([A-Za-z0-9_-]{16})$/;

/** The pixel's token for step `position` of run `processorId`. */
export function pixelToken(processorId: string, position: number, tags: RunTags): string {
  return `${runIdText(processorId)}.${position}.${tags.open.toString("base64url")}`;
}

/**
 * The pixel's URL, `{APP_URL}/o/{token}` (short, as the opt-out link is, to keep a message's lines
 * within 76 characters): a GET answers a 1×1 GIF and records the open. `/api/v1/opens/{token}` is
 * the same.
 */
export function pixelUrl(appUrl: string, processorId: string, position: number, tags: RunTags): string {
  return new URL(`/o/${pixelToken(processorId, position, tags)}`, appUrl).toString();
}

/** The message a token names, before its tag is checked; null for anything not shaped like a token. */
export function pixelMessage(token: string): { processorId: string; position: number; tag: Buffer } | null {
  const match = tokenShape.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const id = Buffer.from(match[1], "base64url");
  const tag = Buffer.from(match[3], "base64url");
  if (id.length !== 16 || tag.length !== OPEN_TAG_BYTES) return null;
  return { processorId: uuidOf(id), position: Number(match[2]), tag };
}
