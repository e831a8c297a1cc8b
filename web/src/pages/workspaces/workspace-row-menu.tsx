import { Menu } from "@mantine/core";
import { RowMenu } from "../../components/row-menu.tsx";
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
    <RowMenu name={workspace.name}>
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
    </RowMenu>
  );
}
