import { Box, NavLink, ScrollArea, Stack, UnstyledButton } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconPlus, IconSettings, IconUsersGroup } from "@tabler/icons-react";
import { memo } from "react";
import { useSnapshot } from "valtio";
import { Link, useLocation } from "wouter";
import type { MyWorkspace } from "../../hooks/use-workspaces.ts";
import { features } from "../../state/features-state.ts";
import { toggleSidebar, toggleWorkspaceMenu, ui } from "../../state/ui-state.ts";
import { NavItem } from "./nav-item.tsx";
import { WorkspaceCircle } from "./workspace-circle.tsx";
import {
  comingSoonEntries,
  isOnEntry,
  menuEntriesOf,
  sameWorkspaceEntry,
  type WorkspaceEntryProps,
} from "./workspace-menu-entries.ts";
import { WorkspaceRailEntry } from "./workspace-rail-entry.tsx";

export const SIDEBAR_COLLAPSED_PX = 60;
export const SIDEBAR_EXPANDED_PX = 200;

/**
 * One workspace's circle and, while open, its submenu, in the expanded sidebar. Closed submenus
 * render no links, and an entry re-renders only when its own props change: a user with many
 * workspaces and a stream of live renames keeps a quick sidebar.
 */
const WorkspaceEntry = memo(function WorkspaceEntry(props: WorkspaceEntryProps) {
  const { workspace, open, location } = props;
  const base = `/workspaces/${workspace.id}`;
  return (
    <NavLink
      component="button"
      type="button"
      label={workspace.name}
      aria-label={workspace.name}
      leftSection={<WorkspaceCircle workspace={workspace} />}
      opened={open}
      aria-expanded={open}
      onClick={() => toggleWorkspaceMenu(workspace.id)}
      active={location.startsWith(`${base}/`)}
      childrenOffset={28}
    >
      {open ? (
        <>
          {menuEntriesOf(workspace.role).map((entry) => (
            <NavLink
              key={entry.path}
              component={Link}
              href={`${base}/${entry.path}`}
              label={entry.label}
              aria-label={entry.label}
              leftSection={<entry.Icon size={16} aria-hidden="true" />}
              disabled={entry.gated === true && !props.sequencesEnabled}
              active={isOnEntry(location, workspace.id, entry)}
            />
          ))}
          {comingSoonEntries.map(({ name, label, Icon }) => (
            <NavLink
              key={label}
              label={name}
              description="Coming Soon"
              aria-label={label}
              disabled
              leftSection={<Icon size={16} aria-hidden="true" />}
            />
          ))}
        </>
      ) : (
        // Children keep the chevron; the links themselves wait until the submenu opens.
        <span hidden />
      )}
    </NavLink>
  );
}, sameWorkspaceEntry);

/**
 * The collapsible sidebar (60 or 200 px): New workspace, Talent Pool, each visible workspace as a
 * circle with its submenu (one open at a time), and Account Settings.
 */
export function LeftNavigation(props: { workspaces: readonly MyWorkspace[]; onNewWorkspace: () => void }) {
  const { sidebarExpanded: expanded, openWorkspaceId } = useSnapshot(ui);
  const { feature_sequence } = useSnapshot(features);
  const [location] = useLocation();
  const visible = props.workspaces.filter((workspace) => workspace.visible);
  return (
    <Stack h="100%" gap={0} justify="space-between">
      <ScrollArea style={{ flex: 1 }} type="auto" scrollbars="y">
        <NavItem
          label="New workspace"
          icon={<IconPlus size={20} aria-hidden="true" />}
          expanded={expanded}
          onClick={props.onNewWorkspace}
        />
        <NavItem
          label="Talent Pool"
          icon={<IconUsersGroup size={20} aria-hidden="true" />}
          expanded={expanded}
          href="/talent_pool"
          active={location.startsWith("/talent_pool")}
        />
        {visible.map((workspace) => {
          const Entry = expanded ? WorkspaceEntry : WorkspaceRailEntry;
          return (
            <Entry
              key={workspace.id}
              workspace={workspace}
              open={openWorkspaceId === workspace.id}
              location={location}
              sequencesEnabled={feature_sequence}
            />
          );
        })}
      </ScrollArea>
      <Box>
        <NavItem
          label="Account Settings"
          icon={<IconSettings size={20} aria-hidden="true" />}
          expanded={expanded}
          href="/account_settings"
          active={location === "/account_settings"}
        />
        <UnstyledButton
          onClick={toggleSidebar}
          aria-label={expanded ? "Collapse sidebar" : "Expand sidebar"}
          aria-expanded={expanded}
          w="100%"
          p="xs"
          style={{ display: "flex", justifyContent: "center" }}
        >
          {expanded ? (
            <IconChevronLeft size={18} aria-hidden="true" />
          ) : (
            <IconChevronRight size={18} aria-hidden="true" />
          )}
        </UnstyledButton>
      </Box>
    </Stack>
  );
}
