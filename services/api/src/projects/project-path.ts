// The workspace part of a project's path (API.md): a UUID, or `me` for every workspace the user
// belongs to. One rule for every `/workspaces/{ws}/projects/{id}…` route, so they all agree.
import { DomainError } from "@hirestream/contracts/errors.ts";
import { z } from "zod";
import type { Deps } from "../deps.ts";
import { currentProject } from "./project-commands.ts";

/** A workspace id from a path, or `me`. */
export type PathWorkspace = string | "me";

const meParam = z.object({ id: z.literal("me") });
const uuidParam = z.object({ id: z.uuid() });

/** The `:id` of a workspace path; an id that is not a UUID names nothing: 404, like any other unknown id. */
export function workspaceParam(params: unknown): PathWorkspace {
  if (meParam.safeParse(params).success) return "me";
  const parsed = uuidParam.safeParse(params);
  if (!parsed.success) throw new DomainError("NOT_FOUND", "Workspace not found");
  return parsed.data.id;
}

/** A project reached through another workspace's path is as unknown as a missing one; `me` reaches any. */
export function reachedThrough(path: PathWorkspace, projectWorkspaceId: string): boolean {
  return path === "me" || path === projectWorkspaceId;
}

/**
 * The workspace a command on the project runs through: the path's, or for `me` the project's own,
 * from its stream so that a project made a moment ago counts. Whether the user may touch it is the
 * command's to decide.
 */
export async function commandWorkspace(deps: Deps, path: PathWorkspace, projectId: string): Promise<string> {
  if (path !== "me") return path;
  const state = await currentProject(deps, projectId);
  if (state.status !== "existing") throw new DomainError("NOT_FOUND", "Project not found");
  return state.project.workspaceId;
}
