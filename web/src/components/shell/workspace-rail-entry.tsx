import { Box, Menu, NavLink, Tooltip } from "@mantine/core";
import { memo, useState } from "react";
import { Link } from "wouter";
import { openWorkspaceMenu } from "../../state/ui-state.ts";
import { NavItem } from "./nav-item.tsx";
import { WorkspaceCircle } from "./workspace-circle.tsx";
import {
  comingSoonEntries,
  isOnEntry,
  menuEntriesOf,
  sameWorkspaceEntry,
  type WorkspaceEntryProps,
} from "./workspace-menu-entries.ts";

const iconSize = 18;

/**
 * The workspace's entries beside the collapsed sidebar, each named: the sidebar stays as narrow
 * as the user chose, and nobody has to guess what an icon means before they have learnt it. The
 * entry picked opens the workspace's submenu in the sidebar, so the next move is one click.
 */
function WorkspaceFlyout({ workspace, location, sequencesEnabled }: Omit<WorkspaceEntryProps, "open">) {
  const [opened, setOpened] = useState(false);
  const base = `/workspaces/${workspace.id}`;
  return (
    // The tooltip hangs on a wrapper: on the button itself it would take the menu's aria attributes.
    <Tooltip label={workspace.name} position="right" disabled={opened}>
      <Box>
        <Menu position="right-start" offset={6} shadow="md" width={220} opened={opened} onChange={setOpened}>
          <Menu.Target>
            <NavLink
              component="button"
              type="button"
              aria-label={workspace.name}
              leftSection={<WorkspaceCircle workspace={workspace} />}
              active={location.startsWith(`${base}/`)}
            />
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{workspace.name}</Menu.Label>
            {menuEntriesOf(workspace.role).map((entry) => (
              <Menu.Item
                key={entry.path}
                component={Link}
                href={`${base}/${entry.path}`}
                leftSection={<entry.Icon size={iconSize} aria-hidden="true" />}
                disabled={entry.gated === true && !sequencesEnabled}
                onClick={() => openWorkspaceMenu(workspace.id)}
                {...(isOnEntry(location, workspace.id, entry)
                  ? { "aria-current": "page" as const, bg: "var(--mantine-primary-color-light)" }
                  : {})}
              >
                {entry.label}
              </Menu.Item>
            ))}
            <Menu.Divider />
            {comingSoonEntries.map(({ label, Icon }) => (
              <Menu.Item key={label} disabled leftSection={<Icon size={iconSize} aria-hidden="true" />}>
                {label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Box>
    </Tooltip>
  );
}

/**
 * A workspace in the collapsed (60 px) sidebar: its circle opens its entries beside the sidebar;
 * while its submenu is open, the entries follow the circle as icons named by tooltips.
 */
export const WorkspaceRailEntry = memo(function WorkspaceRailEntry(props: WorkspaceEntryProps) {
  const { workspace, open, location, sequencesEnabled } = props;
  const base = `/workspaces/${workspace.id}`;
  return (
    <>
      <WorkspaceFlyout workspace={workspace} location={location} sequencesEnabled={sequencesEnabled} />
      {open && (
        <Box role="group" aria-label={`${workspace.name} pages`} bg="var(--mantine-color-gray-0)">
          {menuEntriesOf(workspace.role).map((entry) => (
            <NavItem
              key={entry.path}
              label={entry.label}
              icon={<entry.Icon size={iconSize} aria-hidden="true" />}
              expanded={false}
              href={`${base}/${entry.path}`}
              active={isOnEntry(location, workspace.id, entry)}
              disabled={entry.gated === true && !sequencesEnabled}
            />
          ))}
          {comingSoonEntries.map(({ label, Icon }) => (
            <Tooltip key={label} label={label} position="right">
              <NavLink aria-label={label} disabled leftSection={<Icon size={iconSize} aria-hidden="true" />} />
            </Tooltip>
          ))}
        </Box>
      )}
    </>
  );
}, sameWorkspaceEntry);
