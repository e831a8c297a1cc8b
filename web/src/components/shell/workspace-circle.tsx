import { Avatar } from "@mantine/core";
import type { MyWorkspace } from "../../hooks/use-workspaces.ts";
import { workspaceInitials } from "./breadcrumb-trail.ts";

/** A workspace as the sidebar shows it: its first two letters in a circle, blue if owned. */
export function WorkspaceCircle({ workspace }: { workspace: MyWorkspace }) {
  return (
    <Avatar size={28} radius="xl" color={workspace.owned ? "blue" : "grape"} variant="filled">
      {workspaceInitials(workspace.name)}
    </Avatar>
  );
}
