import { AppShell, Group } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { useLocation } from "wouter";
import { NAVBAR_HEIGHT_PX } from "../constants.ts";
import { useCurrentUser } from "../hooks/use-current-user.ts";
import { SharedWorkspacesProvider, useReadMyWorkspaces } from "../hooks/use-workspaces.ts";
import { newId } from "../ids/new-id.ts";
import { screen } from "../lazy-screen.ts";
import { createWorkspace } from "../pages/workspaces/workspace-commands.ts";
import { useReplica } from "../replica/replica-provider.tsx";
import { loadFeatures } from "../state/features-state.ts";
import { ui } from "../state/ui-state.ts";
import { ModalSuspense } from "./dialogs/modal-suspense.tsx";
import { Logo } from "./logo.tsx";
import { Breadcrumbs } from "./shell/breadcrumbs.tsx";
import { ConnectionIndicator } from "./shell/connection-indicator.tsx";
import { InvitationBell } from "./shell/invitation-bell.tsx";
import { LeftNavigation, SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX } from "./shell/left-navigation.tsx";
import { SignOutWarning } from "./shell/sign-out-warning.tsx";
import { TalentSearchBox } from "./shell/talent-search-box.tsx";
import { UserMenu } from "./user-menu.tsx";

// The New workspace form loads when it first opens, then stays mounted so it closes as it opened.
const NameDialog = screen(() => import("./dialogs/name-dialog.tsx").then((m) => m.NameDialog));

/** The signed-in frame: the 64 px top bar, the collapsible left navigation, and the screen. */
export function AppLayout({ children }: { children: ReactNode }) {
  const runtime = useReplica();
  const user = useCurrentUser();
  const read = useReadMyWorkspaces(user?.id);
  const workspaces = read ?? [];
  const { sidebarExpanded } = useSnapshot(ui);
  const [location, navigate] = useLocation();
  const [creating, setCreating] = useState(false);
  const [createdOnce, setCreatedOnce] = useState(false);
  if (creating && !createdOnce) setCreatedOnce(true);
  useEffect(() => {
    void loadFeatures();
  }, []);
  const currentWorkspaceId = /^\/workspaces\/([^/]+)/.exec(location)?.[1];
  const role = workspaces.find((workspace) => workspace.id === currentWorkspaceId)?.role;

  const create = (name: string) => {
    setCreating(false);
    if (!user) return;
    const id = newId();
    void runtime.mutate(createWorkspace({ id, name, user, now: new Date() }));
    navigate("/workspaces");
  };

  return (
    <AppShell
      header={{ height: NAVBAR_HEIGHT_PX }}
      navbar={{ width: sidebarExpanded ? SIDEBAR_EXPANDED_PX : SIDEBAR_COLLAPSED_PX, breakpoint: 0 }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="lg" justify="space-between" wrap="nowrap" gap="md">
          <Group wrap="nowrap" gap="lg" style={{ minWidth: 0 }}>
            <Logo />
            <Breadcrumbs />
          </Group>
          <Group wrap="nowrap" gap="sm">
            <ConnectionIndicator />
            <TalentSearchBox />
            <InvitationBell />
            <UserMenu user={user} role={role} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <LeftNavigation workspaces={workspaces} onNewWorkspace={() => setCreating(true)} />
      </AppShell.Navbar>
      <AppShell.Main>
        <SharedWorkspacesProvider userId={user?.id} workspaces={read}>
          {children}
        </SharedWorkspacesProvider>
      </AppShell.Main>
      {createdOnce && (
        <ModalSuspense>
          <NameDialog
            opened={creating}
            title="New workspace"
            label="Name"
            initialName=""
            submitLabel="Create"
            onSubmit={create}
            onCancel={() => setCreating(false)}
          />
        </ModalSuspense>
      )}
      <SignOutWarning />
    </AppShell>
  );
}
