import type { InvitationRow } from "@hirestream/contracts/invitations/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import type { Stored } from "../../replica/replica-db.ts";
import { useReplica } from "../../replica/replica-provider.tsx";

/**
 * The user's waiting invitations, newest first: those naming their account (an invitation sent
 * before they signed up names it once they do). Invitations they sent sit in the same table,
 * through their workspaces, and are not theirs to answer.
 */
export function useMyInvitations(userId: string | undefined): Stored<InvitationRow>[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => {
    if (!userId) return [];
    const mine = await db.invitations.where("to_user_id").equals(userId).toArray();
    return mine
      .filter((invitation) => invitation.status === "waiting")
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
  }, [db, userId]);
}
