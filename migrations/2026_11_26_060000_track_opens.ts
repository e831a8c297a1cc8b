import { type Kysely, sql } from "kysely";

// Opens: whether a sequence tracks them (on unless turned off), whether each sent message carried
// a pixel and when a person (or a mail proxy) first fetched it, and whether a payload's messages
// were opened. The open rate counts messages a person opened over tracked messages sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table read.sequences add column track_opens boolean not null default true`.execute(db);
  await sql`alter table read.messages
    add column tracked boolean not null default false,
    add column opened_at timestamptz,
    add column machine_opened_at timestamptz,
    add column machine_opener text`.execute(db);
  await sql`alter table read.payloads add column opens text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table read.payloads drop column opens`.execute(db);
  await sql`alter table read.messages
    drop column tracked,
    drop column opened_at,
    drop column machine_opened_at,
    drop column machine_opener`.execute(db);
  await sql`alter table read.sequences drop column track_opens`.execute(db);
}
