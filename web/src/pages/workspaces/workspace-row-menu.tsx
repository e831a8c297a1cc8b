import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import type { MyWorkspace } from "../../hooks/use-workspaces.ts";

export type WorkspaceAction = "edit" | "remove" | "leave";

/** Owned workspaces: Edit and Remove. Guest workspaces: Leave. */
export function WorkspaceRowMenu({
  workspace,
  onAction,
}: {
  workspace: MyWorkspace;
  onAction: (action: WorkspaceAction) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${workspace.name}`}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {workspace.owned ? (
          <>
            <Menu.Item onClick={() => onAction("edit")}>Edit</Menu.Item>
            <Menu.Item color="red" onClick={() => onAction("remove")}>
              Remove
            </Menu.Item>
          </>
        ) : (
          <Menu.Item color="red" onClick={() => onAction("leave")}>
            Leave
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
