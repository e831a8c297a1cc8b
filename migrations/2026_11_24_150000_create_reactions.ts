import { type Kysely, sql } from "kysely";

// Reactions (mail, a project's workflow copy) follow the event log from a checkpoint of their own,
// outside the `read` schema, so that rebuilding the read models never runs them again. Events
// stored before this migration had their side effects done by the request that appended them:
// reactions start after them. (With events in EventStoreDB the events table is empty and they
// start at 0; set the row to the store's head position by hand when upgrading such a deployment.)
//
// `server_secrets` holds keys made once per installation, such as the one password-reset tokens
// are derived with, so that the mail can name a token only the stored event's hash confirms.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table reaction_checkpoints (name text primary key, position bigint not null)`.execute(db);
  await sql`insert into reaction_checkpoints (name, position)
    select 'reactions', coalesce(max(global_position), 0) from events`.execute(db);
  await sql`create table server_secrets (name text primary key, secret text not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table reaction_checkpoints, server_secrets`.execute(db);
}
