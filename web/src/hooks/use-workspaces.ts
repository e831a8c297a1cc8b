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
  const last = useRef<LastAnswer>({ workspaceIds: [], workspaces: new Map() });
  return useLiveQuery(async () => {
    if (userId === null) return undefined;
    if (!userId) return [];
    // One read transaction for the memberships, the rows and the counts, rather than one each.
    return db.transaction("r", [db.workspace_members, db.workspaces, db.projects], () => readMine(db, userId, last));
  }, [db, userId]);
}

/** The last answer's workspace ids, in membership order, and its workspaces by id. */
interface LastAnswer {
  workspaceIds: readonly string[];
  workspaces: Map<string, MyWorkspace>;
}

/**
 * Read again on every write to a workspace (a rename by another user, each of a stream of them,
 * or the user's own switch, which shows once this read answers). The memberships seldom change
 * between two reads: the rows and the projects' index keys (no project row is read) of the last
 * answer's workspaces are asked for with them, one round trip to the database rather than two,
 * and asked again only when the memberships differ. A workspace unchanged since the last answer
 * keeps its object, so a row or an entry memoized on it does not render again.
 */
async function readMine(db: ReplicaDb, userId: string, last: MutableRefObject<LastAnswer>): Promise<MyWorkspace[]> {
  const guessed = last.current.workspaceIds;
  const rowsOf = (ids: readonly string[]) =>
    Promise.all([db.workspaces.bulkGet([...ids]), db.projects.where("workspace_id").anyOf(ids).keys()]);
  const [memberships, guessedRows] = await Promise.all([
    db.workspace_members.where("user_id").equals(userId).toArray(),
    rowsOf(guessed),
  ]);
  const workspaceIds = memberships.map((member) => member.workspace_id);
  const same = workspaceIds.length === guessed.length && workspaceIds.every((id, index) => guessed[index] === id);
  const [workspaces, projectWorkspaces] = same ? guessedRows : await rowsOf(workspaceIds);
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
    const before = last.current.workspaces.get(workspace.id);
    const kept = before && dequal(before, next) ? before : next;
    seen.set(workspace.id, kept);
    mine.push(kept);
  });
  last.current = { workspaceIds, workspaces: seen };
  return mine.sort((a, b) => Number(b.owned) - Number(a.owned) || byNameThenId(a, b));
}
