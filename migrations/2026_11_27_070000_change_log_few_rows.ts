import { type Kysely, sql } from "kysely";

// A catch-up sends every scope's few rows (users, workspaces, members, projects, workflows…)
// before any scope's many (people, candidacies, payloads, messages): the screen after sign-in
// needs only the few. Without this index that read walks every change-log entry of the scope,
// tens of thousands for a big project; the index holds the few alone, in the order the read
// wants them, so the projector's many writes do not pay for it. The list of many entities is
// services/api/src/sync/snapshot-phases.ts's MANY_ENTITIES, repeated in its query.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index change_log_scope_few on read.change_log (scope, entity, id, position desc, seq desc)
    where entity not in ('person', 'candidacy', 'payload', 'message')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index read.change_log_scope_few`.execute(db);
}
