import { Avatar, Box, NavLink, ScrollArea, Stack, Tooltip, UnstyledButton } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconPlus, IconSettings, IconUsersGroup } from "@tabler/icons-react";
import { memo, type ReactNode } from "react";
import { useSnapshot } from "valtio";
import { Link, useLocation } from "wouter";
import type { MyWorkspace } from "../../hooks/use-workspaces.ts";
import { features } from "../../state/features-state.ts";
import { toggleSidebar, toggleWorkspaceMenu, ui } from "../../state/ui-state.ts";
import { workspaceInitials } from "./breadcrumb-trail.ts";

export const SIDEBAR_COLLAPSED_PX = 60;
export const SIDEBAR_EXPANDED_PX = 200;

interface Entry {
  label: string;
  path: string;
  /** Sequences and Integrations wait for the feature_sequence flag. */
  gated?: boolean;
}
const workspaceEntries: readonly Entry[] = [
  { label: "Projects", path: "projects" },
  { label: "People", path: "people" },
  { label: "Workflows", path: "workflows" },
  { label: "Sequences", path: "sequences", gated: true },
  { label: "Integrations", path: "integrations", gated: true },
];
const comingSoon: readonly string[] = ["Analytics", "Reports"];

type ItemProps = { label: string; icon: ReactNode; expanded: boolean; active?: boolean } & (
  | { href: string }
  | { onClick: () => void }
);

/** One entry: the label beside its icon when expanded, the icon with a tooltip when collapsed. */
function Item(props: ItemProps) {
  const { label, icon, expanded } = props;
  const shown = expanded ? { label } : {};
  const link =
    "href" in props ? (
      <NavLink
        component={Link}
        href={props.href}
        aria-label={label}
        leftSection={icon}
        active={props.active ?? false}
        {...shown}
      />
    ) : (
      <NavLink
        component="button"
        type="button"
        onClick={props.onClick}
        aria-label={label}
        leftSection={icon}
        {...shown}
      />
    );
  return expanded ? (
    link
  ) : (
    <Tooltip label={label} position="right">
      {link}
    </Tooltip>
  );
}

function WorkspaceCircle({ workspace }: { workspace: MyWorkspace }) {
  return (
    <Avatar size={28} radius="xl" color={workspace.owned ? "blue" : "grape"} variant="filled">
      {workspaceInitials(workspace.name)}
    </Avatar>
  );
}

interface WorkspaceEntryProps {
  workspace: MyWorkspace;
  open: boolean;
  expanded: boolean;
  location: string;
  sequencesEnabled: boolean;
}

/**
 * One workspace's circle and, while open, its submenu. Closed submenus render no links, and an
 * entry re-renders only when its own props change: a user with many workspaces and a stream of
 * live renames keeps a quick sidebar.
 */
const WorkspaceEntry = memo(function WorkspaceEntry(props: WorkspaceEntryProps) {
  const { workspace, open, expanded, location } = props;
  const feature_sequence = props.sequencesEnabled;
  const base = `/workspaces/${workspace.id}`;
  return (
    <NavLink
      component="button"
      type="button"
      label={expanded ? workspace.name : undefined}
      aria-label={workspace.name}
      leftSection={<WorkspaceCircle workspace={workspace} />}
      opened={open}
      aria-expanded={open}
      onClick={() => toggleWorkspaceMenu(workspace.id)}
      active={location.startsWith(`${base}/`)}
      childrenOffset={expanded ? 28 : 0}
    >
      {open ? (
        <>
          <NavLink
            component={Link}
            href={`${base}/home`}
            label={expanded ? "Home" : undefined}
            aria-label="Home"
            leftSection={expanded ? undefined : <Box fz="xs">Ho</Box>}
            active={location === `${base}/home`}
          />
          {workspaceEntries.map((entry) => {
            const disabled = entry.gated === true && !feature_sequence;
            return (
              <NavLink
                key={entry.path}
                component={Link}
                href={`${base}/${entry.path}`}
                label={expanded ? entry.label : undefined}
                aria-label={entry.label}
                leftSection={expanded ? undefined : <Box fz="xs">{entry.label.slice(0, 2)}</Box>}
                disabled={disabled}
                active={location.startsWith(`${base}/${entry.path}`)}
              />
            );
          })}
          {comingSoon.map((label) => (
            <NavLink
              key={label}
              label={expanded ? `${label} (Coming Soon)` : undefined}
              aria-label={`${label} (Coming Soon)`}
              disabled
              leftSection={expanded ? undefined : <Box fz="xs">{label.slice(0, 2)}</Box>}
            />
          ))}
        </>
      ) : (
        // Children keep the chevron; the links themselves wait until the submenu opens.
        <span hidden />
      )}
    </NavLink>
  );
}, sameEntry);

/** Live queries hand out new objects on every change; what the entry shows is what counts. */
function sameEntry(before: WorkspaceEntryProps, after: WorkspaceEntryProps): boolean {
  return (
    before.open === after.open &&
    before.expanded === after.expanded &&
    before.location === after.location &&
    before.sequencesEnabled === after.sequencesEnabled &&
    before.workspace.id === after.workspace.id &&
    before.workspace.name === after.workspace.name &&
    before.workspace.owned === after.workspace.owned
  );
}

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
        <Item
          label="New workspace"
          icon={<IconPlus size={20} aria-hidden="true" />}
          expanded={expanded}
          onClick={props.onNewWorkspace}
        />
        <Item
          label="Talent Pool"
          icon={<IconUsersGroup size={20} aria-hidden="true" />}
          expanded={expanded}
          href="/talent_pool"
          active={location.startsWith("/talent_pool")}
        />
        {visible.map((workspace) => (
          <WorkspaceEntry
            key={workspace.id}
            workspace={workspace}
            open={openWorkspaceId === workspace.id}
            expanded={expanded}
            location={location}
            sequencesEnabled={feature_sequence}
          />
        ))}
      </ScrollArea>
      <Box>
        <Item
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
