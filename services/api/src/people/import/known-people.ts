import { sql } from "kysely";
import type { Deps } from "../../deps.ts";
import type { KnownPerson } from "./import-plan.ts";

/**
 * The people an import may match, in one query for the whole file: the importer's own and the
 * target workspace's, having any of these (lower-cased) addresses as any of their three.
 */
export async function knownPeople(
  deps: Deps,
  userId: string,
  workspaceId: string | null,
  emails: readonly string[],
): Promise<KnownPerson[]> {
  if (emails.length === 0) return [];
  const addresses = [...new Set(emails)];
  const rows = await deps.db
    .selectFrom("read.people")
    .select(["id", "owner_id", "workspace_ids", "email", "email_second", "email_work"])
    .where((eb) =>
      eb.or([
        eb("owner_id", "=", userId),
        ...(workspaceId === null ? [] : [sql<boolean>`workspace_ids @> array[${workspaceId}]::uuid[]`]),
      ]),
    )
    .where(
      sql<boolean>`(lower(email) = any(${addresses}::text[])
        or lower(email_second) = any(${addresses}::text[])
        or lower(email_work) = any(${addresses}::text[]))`,
    )
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ownerId: row.owner_id,
    workspaceIds: row.workspace_ids,
    emails: [row.email, row.email_second, row.email_work].flatMap((email) =>
      email ? [email.trim().toLowerCase()] : [],
    ),
  }));
}
