import { createHmac, randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../database.ts";
import { hashSecret } from "./passwords.ts";

// A reset token is derived from the command that stores its hash, with a key this installation
// made once: the request stores only the hash, and the mail, made later from the stored event,
// derives the same token again. So a mail can only ever name a token whose hash is stored, and a
// retried request (same command id) stores and mails the same token.

const keys = new WeakMap<object, Promise<Buffer>>();

/** The installation's key for reset tokens, made on first use. */
function resetKey(db: Kysely<Database>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      const made = randomBytes(32).toString("base64url");
      await sql`insert into server_secrets (name, secret) values ('password-reset', ${made})
        on conflict (name) do nothing`.execute(db);
      const { rows } = await sql<{ secret: string }>`select secret from server_secrets
        where name = 'password-reset'`.execute(db);
      const secret = rows[0]?.secret;
      if (!secret) throw new Error("the password-reset key is missing");
      return Buffer.from(secret, "base64url");
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** The token of the reset requested by command `commandId`, and the hash the event stores. */
export async function resetToken(db: Kysely<Database>, commandId: string): Promise<{ token: string; hash: string }> {
  const token = createHmac("sha256", await resetKey(db))
    .update(`password-reset/${commandId}`)
    .digest("base64url");
  return { token, hash: hashSecret(token) };
}
