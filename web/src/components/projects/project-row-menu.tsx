import { Menu } from "@mantine/core";
import { RowMenu } from "../row-menu.tsx";
import type { ProjectAction } from "./project-menu-actions.ts";

const labels: Record<ProjectAction, string> = { show: "Show", edit: "Edit", remove: "Remove", archive: "Archive" };

export function ProjectRowMenu({
  name,
  actions,
  onAction,
}: {
  name: string;
  actions: readonly ProjectAction[];
  onAction: (action: ProjectAction) => void;
}) {
  return (
    <RowMenu name={name}>
      {actions.map((action) => (
        <Menu.Item key={action} {...(action === "remove" ? { color: "red" } : {})} onClick={() => onAction(action)}>
          {labels[action]}
        </Menu.Item>
      ))}
    </RowMenu>
  );
}
