import { sql } from "kysely";
import type { Deps } from "../../deps.ts";

export interface ProfileMatch {
  personId: string;
  /** Whose talent pool the person is in: the user's own, or another member's of the workspace. */
  ownerId: string;
}

/**
 * The person a profile page stands for, among those the user may match (their own, and the target
 * workspace's; never anyone else's): one whose profile address is the page's, however it was
 * written (the same key as the index, migration people_profile_address), or who has one of these
 * (lower-cased) emails in one of their three email fields. The page's address wins over an email, then a
 * person already in the workspace, then the oldest.
 */
export async function profileMatch(
  deps: Deps,
  userId: string,
  workspaceId: string | null,
  address: string,
  emails: readonly string[],
): Promise<ProfileMatch | undefined> {
  const sameAddress = sql<boolean>`public.profile_address(linkedin) = public.profile_address(${address})`;
  const inWorkspace = sql<boolean>`workspace_ids @> array[${workspaceId}]::uuid[]`;
  let query = deps.db
    .selectFrom("read.people")
    .select(["id", "owner_id"])
    .where((eb) => eb.or([eb("owner_id", "=", userId), ...(workspaceId === null ? [] : [inWorkspace])]))
    .where((eb) =>
      eb.or([
        sameAddress,
        ...(emails.length === 0
          ? []
          : [
              sql<boolean>`lower(email) = any(${emails}::text[])`,
              sql<boolean>`lower(email_second) = any(${emails}::text[])`,
              sql<boolean>`lower(email_work) = any(${emails}::text[])`,
            ]),
      ]),
    )
    .orderBy(sql`${sameAddress} is true`, "desc");
  if (workspaceId !== null) query = query.orderBy(inWorkspace, "desc");
  const row = await query.orderBy("created_at").orderBy("id").limit(1).executeTakeFirst();
  return row ? { personId: row.id, ownerId: row.owner_id } : undefined;
}
