import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import {
  type Icon,
  IconBriefcase,
  IconChartBar,
  IconHome,
  IconMailForward,
  IconPlugConnected,
  IconReportAnalytics,
  IconStairs,
  IconUsers,
} from "@tabler/icons-react";
import type { MyWorkspace } from "../../hooks/use-workspaces.ts";

/** One entry of a workspace's submenu (spec §2, Left navigation): a page of the workspace. */
export interface WorkspaceMenuEntry {
  label: string;
  /** Under /workspaces/{id}/. */
  path: string;
  /** The same icon in the sidebar, collapsed or not, and beside it. */
  Icon: Icon;
  /** Sequences and Integrations wait for the feature_sequence flag. */
  gated?: boolean;
  /** Shown only to the workspace's owners and managers (the Reports). */
  leadsOnly?: boolean;
}

export const workspaceMenuEntries: readonly WorkspaceMenuEntry[] = [
  { label: "Home", path: "home", Icon: IconHome },
  { label: "Projects", path: "projects", Icon: IconBriefcase },
  { label: "People", path: "people", Icon: IconUsers },
  { label: "Workflows", path: "workflows", Icon: IconStairs },
  { label: "Sequences", path: "sequences", Icon: IconMailForward, gated: true },
  { label: "Integrations", path: "integrations", Icon: IconPlugConnected, gated: true },
  { label: "Reports", path: "reports", Icon: IconReportAnalytics, leadsOnly: true },
];

/** The entries a member of the workspace with this role sees. */
export function menuEntriesOf(role: WorkspaceRole): readonly WorkspaceMenuEntry[] {
  const leads = mayInWorkspace(role, "reports.read");
  return leads ? workspaceMenuEntries : workspaceMenuEntries.filter((entry) => entry.leadsOnly !== true);
}

/** Shown, disabled, after the entries; `label` names them with what they wait for. */
export const comingSoonEntries: readonly { name: string; label: string; Icon: Icon }[] = [
  { name: "Analytics", label: "Analytics (Coming Soon)", Icon: IconChartBar },
];

/** Whether the user is on this entry's page of the workspace. */
export function isOnEntry(location: string, workspaceId: string, entry: WorkspaceMenuEntry): boolean {
  const page = `/workspaces/${workspaceId}/${entry.path}`;
  return location === page || location.startsWith(`${page}/`);
}

/** What a workspace's entry in the sidebar shows, expanded or collapsed. */
export interface WorkspaceEntryProps {
  workspace: MyWorkspace;
  /** Its submenu is the one open (spec: one at a time). */
  open: boolean;
  location: string;
  sequencesEnabled: boolean;
}

/** Live queries hand out new objects on every change; what the entry shows is what counts. */
export function sameWorkspaceEntry(before: WorkspaceEntryProps, after: WorkspaceEntryProps): boolean {
  return (
    before.open === after.open &&
    before.location === after.location &&
    before.sequencesEnabled === after.sequencesEnabled &&
    before.workspace.id === after.workspace.id &&
    before.workspace.name === after.workspace.name &&
    before.workspace.owned === after.workspace.owned &&
    before.workspace.role === after.workspace.role
  );
}
