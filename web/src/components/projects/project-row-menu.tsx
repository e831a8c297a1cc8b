import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
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
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action} {...(action === "remove" ? { color: "red" } : {})} onClick={() => onAction(action)}>
            {labels[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
