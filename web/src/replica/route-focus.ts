import { projectScope, scopePattern, workspaceScope } from "@hirestream/contracts/sync/scopes.ts";

/** A project's screen shows its candidates first, then the workspace's people they are (names, search). */
export function projectFocus(workspaceId: string, projectId: string): string[] {
  return [projectScope(projectId), workspaceScope(workspaceId)];
}

const projectPath = /^\/workspaces\/([^/]+)\/projects?\/([^/]+)$/;
const workspacePeoplePath = /^\/workspaces\/([^/]+)\/people$/;

/**
 * The focus a signed-in page load's screen will name (useSyncFocus), as far as its path tells:
 * said in the sync's first hello, which goes before the screen has rendered, so the catch-up
 * starts with the screen's rows rather than reordering once the screen says so. A path whose
 * scopes need more than the path (the Talent Pool's user) says nothing: the catch-up's own
 * order starts with the user's scope.
 */
export function focusOfPath(path: string): string[] {
  const project = projectPath.exec(path);
  const people = workspacePeoplePath.exec(path);
  const focus =
    project?.[1] && project[2] ? projectFocus(project[1], project[2]) : people?.[1] ? [workspaceScope(people[1])] : [];
  // `me` and the like name no scope.
  return focus.every((scope) => scopePattern.test(scope)) ? focus : [];
}
