import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import { Anchor, Badge, Group, Switch, Table } from "@mantine/core";
import { memo } from "react";
import { Link } from "wouter";
import type { MyWorkspace } from "../../hooks/use-workspaces.ts";
import { type WorkspaceAction, WorkspaceRowMenu } from "./workspace-row-menu.tsx";

export type WorkspaceChange = { name?: string; visible?: boolean };

/**
 * One workspace of /workspaces: its name, description, projects and Visible switch, and its row
 * menu. Memoized on the workspace (useMyWorkspaces keeps an unchanged one's object) and on stable
 * handlers: a stream of renames by other users renders only the rows renamed.
 */
export const WorkspaceRow = memo(function WorkspaceRow({
  workspace,
  onUpdate,
  onAction,
}: {
  workspace: MyWorkspace;
  onUpdate: (workspace: MyWorkspace, change: WorkspaceChange) => void;
  onAction: (kind: WorkspaceAction, workspace: MyWorkspace) => void;
}) {
  return (
    <Table.Tr data-pending={workspace.pending || undefined}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} href={`/workspaces/${workspace.id}/home`} fw={500}>
            {workspace.name}
          </Anchor>
          {!workspace.owned && (
            <Badge size="xs" variant="light" color="grape">
              Guest
            </Badge>
          )}
          {workspace.pending && (
            <Badge size="xs" variant="light" color="yellow" title="Not saved on the server yet">
              Pending
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{workspace.description}</Table.Td>
      <Table.Td>{workspace.projects_count}</Table.Td>
      <Table.Td>
        <Switch
          checked={workspace.visible}
          onChange={(event) => onUpdate(workspace, { visible: event.currentTarget.checked })}
          aria-label={`Visible: ${workspace.name}`}
          disabled={!mayInWorkspace(workspace.role, "workspace.update")}
        />
      </Table.Td>
      <Table.Td>
        <WorkspaceRowMenu workspace={workspace} onAction={(kind) => onAction(kind, workspace)} />
      </Table.Td>
    </Table.Tr>
  );
});
