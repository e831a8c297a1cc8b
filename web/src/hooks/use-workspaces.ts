import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { WorkspaceRow } from "@hirestream/contracts/workspaces/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useReplica } from "../replica/replica-provider.tsx";

export interface MyWorkspace extends WorkspaceRow {
  role: WorkspaceRole;
  owned: boolean;
  /** Queued writes touch it: shown as pending until the server has them. */
  pending: boolean;
}

/** The workspaces the user belongs to, owned first, each by name; undefined while loading. */
export function useMyWorkspaces(userId: string | undefined): MyWorkspace[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => {
    if (!userId) return [];
    const memberships = await db.workspace_members.where("user_id").equals(userId).toArray();
    const workspaces = await db.workspaces.bulkGet(memberships.map((member) => member.workspace_id));
    const mine: MyWorkspace[] = [];
    memberships.forEach((member, index) => {
      const workspace = workspaces[index];
      if (!workspace) return;
      const { scopes: _scopes, _pending, ...row } = workspace;
      mine.push({ ...row, role: member.role, owned: member.role === "owner", pending: _pending > 0 });
    });
    return mine.sort(
      (a, b) => Number(b.owned) - Number(a.owned) || a.name.localeCompare(b.name, "en", { sensitivity: "base" }),
    );
  }, [db, userId]);
}
