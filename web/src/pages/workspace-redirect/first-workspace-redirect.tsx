import { Redirect } from "wouter";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { useMyWorkspaces } from "../../hooks/use-workspaces.ts";

/** /workspaces/me/home: the first workspace's home, or the workspaces list when there is none. */
export function FirstWorkspaceRedirect() {
  const user = useCurrentUser();
  const workspaces = useMyWorkspaces(user?.id);
  // Before the first sync, "no workspace" may only mean "not arrived yet".
  const synced = useFirstSyncDone();
  if (!workspaces || !user || (workspaces.length === 0 && !synced)) {
    return <LoadingScreen label="Loading workspaces" />;
  }
  const first = workspaces.find((workspace) => workspace.visible) ?? workspaces[0];
  return <Redirect to={first ? `/workspaces/${first.id}/home` : "/workspaces"} replace />;
}
