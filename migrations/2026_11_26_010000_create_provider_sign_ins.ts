import { type Kysely, sql } from "kysely";

// A provider sign-in between its start and the provider's answer: what the answer must match
// (state, nonce, the PKCE verifier) and the browser that started it. Kept out of the read models
// and the event log, for it lives ten minutes and is taken once.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table provider_sign_ins (
      state_hash text primary key,
      browser_hash text not null,
      provider text not null,
      origin text not null,
      nonce text not null,
      code_verifier text not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index provider_sign_ins_expiry on provider_sign_ins (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table provider_sign_ins`.execute(db);
}
