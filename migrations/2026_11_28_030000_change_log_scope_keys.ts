import { type Kysely, sql } from "kysely";

// A catch-up reads the keys of a scope's many rows (entity, id, position, seq, op), without their
// data, before it can send the first part of them: with the index on (scope, position) alone, that
// read fetched every entry of the scope from the table, each carrying a person's or candidacy's
// whole row, thousands of pages for a big scope, while the screen waited for its first rows. The
// same index, carrying the keys, answers the read from itself; it replaces the old one rather than
// joining it, so the projector's writes keep one index per entry for the scope's order.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index change_log_scope_keys on read.change_log (scope, position) include (entity, id, seq, op)
  `.execute(db);
  await sql`drop index read.change_log_scope_position`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index change_log_scope_position on read.change_log (scope, position)`.execute(db);
  await sql`drop index read.change_log_scope_keys`.execute(db);
}
