import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { WorkspaceRow } from "@hirestream/contracts/workspaces/rows.ts";
import { dequal } from "dequal";
import { useLiveQuery } from "dexie-react-hooks";
import {
  createContext,
  createElement,
  type MutableRefObject,
  type ReactNode,
  useContext,
  useMemo,
  useRef,
} from "react";
import { byNameThenId } from "../components/natural-order.ts";
import type { ReplicaDb } from "../replica/replica-db.ts";
import { useReplica } from "../replica/replica-provider.tsx";

export interface MyWorkspace extends WorkspaceRow {
  role: WorkspaceRole;
  owned: boolean;
  /** The projects of it this user reaches: the replica holds exactly those. */
  projects_count: number;
  /** Queued writes touch it: shown as pending until the server has them. */
  pending: boolean;
}

/**
 * The signed-in frame's read of the user's workspaces, shared with the screen inside it: one live
 * query and one render for both when a workspace changes, rather than two of each.
 */
const SharedWorkspaces = createContext<{ userId: string | undefined; workspaces: MyWorkspace[] | undefined } | null>(
  null,
);

export function SharedWorkspacesProvider({
  userId,
  workspaces,
  children,
}: {
  userId: string | undefined;
  workspaces: MyWorkspace[] | undefined;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ userId, workspaces }), [userId, workspaces]);
  return createElement(SharedWorkspaces.Provider, { value }, children);
}

/**
 * The workspaces the user belongs to, owned first, each by name; undefined while loading. Inside
 * the signed-in frame, the frame's own read (`useReadMyWorkspaces`).
 */
export function useMyWorkspaces(userId: string | undefined): MyWorkspace[] | undefined {
  const shared = useContext(SharedWorkspaces);
  const own = shared === null || shared.userId !== userId;
  const read = useReadMyWorkspaces(own ? userId : null);
  return own ? read : shared.workspaces;
}

/** The live read behind `useMyWorkspaces`; null reads nothing. */
export function useReadMyWorkspaces(userId: string | undefined | null): MyWorkspace[] | undefined {
  const { db } = useReplica();
  // Kept between answers: a workspace unchanged since the last one keeps its object.
  const last = useRef(new Map<string, MyWorkspace>());
  return useLiveQuery(async () => {
    if (userId === null) return undefined;
    if (!userId) return [];
    // One read transaction for the memberships, the rows and the counts, rather than one each.
    return db.transaction("r", [db.workspace_members, db.workspaces, db.projects], () => readMine(db, userId, last));
  }, [db, userId]);
}

/**
 * Read again on every write to a workspace (a rename by another user, each of a stream of them):
 * the projects counted from one read of their index's keys rather than one count per workspace,
 * and a workspace unchanged since the last answer keeps its object, so a row or an entry memoized
 * on it does not render again.
 */
async function readMine(
  db: ReplicaDb,
  userId: string,
  last: MutableRefObject<Map<string, MyWorkspace>>,
): Promise<MyWorkspace[]> {
  const memberships = await db.workspace_members.where("user_id").equals(userId).toArray();
  const workspaceIds = memberships.map((member) => member.workspace_id);
  // Asked together, the rows and the projects' keys (on the index: no project row is read).
  const [workspaces, projectWorkspaces] = await Promise.all([
    db.workspaces.bulkGet(workspaceIds),
    db.projects.where("workspace_id").anyOf(workspaceIds).keys(),
  ]);
  const projectCounts = new Map<string, number>();
  for (const id of projectWorkspaces) {
    if (typeof id === "string") projectCounts.set(id, (projectCounts.get(id) ?? 0) + 1);
  }
  const mine: MyWorkspace[] = [];
  const seen = new Map<string, MyWorkspace>();
  memberships.forEach((member, index) => {
    const workspace = workspaces[index];
    if (!workspace) return;
    const { scopes: _scopes, _pending, ...row } = workspace;
    const next: MyWorkspace = {
      ...row,
      role: member.role,
      owned: member.role === "owner",
      projects_count: projectCounts.get(workspace.id) ?? 0,
      pending: _pending > 0,
    };
    const before = last.current.get(workspace.id);
    const kept = before && dequal(before, next) ? before : next;
    seen.set(workspace.id, kept);
    mine.push(kept);
  });
  last.current = seen;
  return mine.sort((a, b) => Number(b.owned) - Number(a.owned) || byNameThenId(a, b));
}
