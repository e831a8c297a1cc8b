import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from "node:crypto";
import { normalAddress } from "@hirestream/contracts/opt-outs/address.ts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../database.ts";

// An opt-out link names the run whose message carried it and an HMAC-SHA256 tag of the run and the
// address it was sent to, under a key this installation made once (in `server_secrets`, shared by
// the API and the outreach worker). An HMAC rather than a stored random token: the same step
// composed again after a crash carries the same link, and sending 10,000 steps writes no token
// rows. The run's id tells nothing of the address, the address is only inside the tag, and without
// the key no one can make a tag for another run or address.
//
// The same HMAC's next 96 bits tag the run's tracking pixels (opens/pixel-token.ts): one HMAC per
// message sent gives both, and knowing one tag tells nothing of the other.

const keys = new WeakMap<object, Promise<KeyObject>>();
// 96 bits: no one guesses a tag by asking the server, and the link stays short enough that every
// line of a short message fits in 76 characters, so the mail goes out unencoded (7bit), without
// the quoted-printable pass that otherwise costs more than the rest of the opt-out per message.
const TAG_BYTES = 12;
/** The pixel's tag: the HMAC's next 12 bytes. */
export const OPEN_TAG_BYTES = TAG_BYTES;

function optOutKey(db: Kysely<Database>): Promise<KeyObject> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      const made = randomBytes(32).toString("base64url");
      await sql`insert into server_secrets (name, secret) values ('opt-out', ${made})
        on conflict (name) do nothing`.execute(db);
      const { rows } = await sql<{ secret: string }>`select secret from server_secrets
        where name = 'opt-out'`.execute(db);
      const secret = rows[0]?.secret;
      if (!secret) throw new Error("the opt-out key is missing");
      // A key object, not the bytes: an HMAC over it is made several times faster, once per step sent.
      return createSecretKey(Buffer.from(secret, "base64url"));
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** The run's tags for an address: the opt-out link's, and its tracking pixels'. */
export interface RunTags {
  optOut: Buffer;
  open: Buffer;
}

function tagsOf(key: KeyObject, processorId: string, address: string): RunTags {
  const digest = createHmac("sha256", key)
    .update(`opt-out/${processorId}/${normalAddress(address)}`)
    .digest();
  return { optOut: digest.subarray(0, TAG_BYTES), open: digest.subarray(TAG_BYTES, 2 * TAG_BYTES) };
}

/** Both tags of run `processorId`'s messages to `address`, from one HMAC. */
export async function runTags(db: Kysely<Database>, processorId: string, address: string): Promise<RunTags> {
  return tagsOf(await optOutKey(db), processorId, address);
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");
export const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The run's id as tokens write it: its 16 bytes in base64url. */
export const runIdText = (processorId: string) => uuidBytes(processorId).toString("base64url");

/** The token of the opt-out link in run `processorId`'s messages, from the run's tags for their address. */
export function optOutTokenOf(processorId: string, tags: RunTags): string {
  return `${runIdText(processorId)}.${tags.optOut.toString("base64url")}`;
}

/** The token of the opt-out link in run `processorId`'s messages to `address`. */
export async function optOutToken(db: Kysely<Database>, processorId: string, address: string): Promise<string> {
  return optOutTokenOf(processorId, await runTags(db, processorId, address));
}

/**
 * The link itself, `{APP_URL}/u/{token}`: a GET shows the confirm page, a POST (one-click or the
 * page's button) opts out. The same token works at `/api/v1/opt_outs/{token}`.
 */
export function optOutUrlOf(appUrl: string, processorId: string, tags: RunTags): string {
  return new URL(`/u/${optOutTokenOf(processorId, tags)}`, appUrl).toString();
}

/** The opt-out link of run `processorId`'s messages to `address`. */
export async function optOutUrl(
  deps: { db: Kysely<Database>; appUrl: string },
  processorId: string,
  address: string,
): Promise<string> {
  return optOutUrlOf(deps.appUrl, processorId, await runTags(deps.db, processorId, address));
}

const tokenShape = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{16})$/;

/** The run a token names, before its tag is checked; null for anything not shaped like a token. */
export function tokenRun(token: string): { processorId: string; tag: Buffer } | null {
  const match = tokenShape.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const id = Buffer.from(match[1], "base64url");
  const tag = Buffer.from(match[2], "base64url");
  if (id.length !== 16 || tag.length !== TAG_BYTES) return null;
  return { processorId: uuidOf(id), tag };
}

/** Which of `addresses` (those the run mailed) the token's tag was made for, if any; `kind` says which tag it is. */
export async function addressOfTag(
  db: Kysely<Database>,
  processorId: string,
  tag: Buffer,
  addresses: readonly string[],
  kind: keyof RunTags = "optOut",
): Promise<string | undefined> {
  if (tag.length !== TAG_BYTES) return undefined;
  const key = await optOutKey(db);
  return addresses.find((address) => timingSafeEqual(tagsOf(key, processorId, address)[kind], tag));
}
