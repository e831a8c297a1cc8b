import { type WorkspaceRole, workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import type { Deps } from "../deps.ts";
import { cachedStreamRead } from "../stream-state.ts";
import { workspaceStream } from "./workspace-commands.ts";

const parseWorkspaceEvent = (stored: { type: string; data: unknown }) => workspaceEvent.safeParse(stored).data;

/**
 * One actor's roles in the workspaces a request's decisions look at, each from the workspace's own
 * stream: a workspace made or joined a moment ago counts, one just left no longer does, whatever
 * the read models have reached. The stream holds the members exactly as the members read model is
 * projected from it (created with its owner, joined, role changed, left, removed), so tenant
 * isolation is the same rule. Each workspace is read at most once per request.
 */
export class WorkspaceRoles {
  readonly #deps: Deps;
  readonly #actorId: string;
  readonly #read = new Map<string, Promise<WorkspaceRole | undefined>>();

  constructor(deps: Deps, actorId: string) {
    this.#deps = deps;
    this.#actorId = actorId;
  }

  /** The actor's role in each of these workspaces they belong to; the others are left out. */
  async in(workspaceIds: Iterable<string>): Promise<Map<string, WorkspaceRole>> {
    const ids = [...new Set(workspaceIds)];
    const unread = ids.filter((id) => !this.#read.has(id));
    if (unread.length > 0) {
      const reads = unread.map((id) =>
        cachedStreamRead(this.#deps, workspaceDecider, parseWorkspaceEvent, workspaceStream(id)),
      );
      const all = this.#deps.store.readStreams(reads.map((each) => each.read));
      reads.forEach((each, index) => {
        const id = unread[index];
        if (id === undefined) return;
        this.#read.set(
          id,
          all.then((events) => {
            const state = each.fold(events[index] ?? []);
            return state.status === "active" ? state.members.get(this.#actorId) : undefined;
          }),
        );
      });
    }
    const found = await Promise.all(ids.map(async (id) => [id, await this.#read.get(id)] as const));
    return new Map(found.flatMap(([id, role]) => (role === undefined ? [] : [[id, role] as const])));
  }

  async of(workspaceId: string): Promise<WorkspaceRole | undefined> {
    return (await this.in([workspaceId])).get(workspaceId);
  }
}
