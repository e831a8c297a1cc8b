import { ActionIcon, Menu } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import type { WorkflowAction } from "../../components/workflows/workflow-list.ts";

const labels: Record<WorkflowAction, string> = { edit: "Edit", addToProject: "Add to Project", remove: "Remove" };

/** The config menu of a row, with the actions workflowActions allows; none, no menu. */
export function WorkflowRowMenu({
  name,
  actions,
  onAction,
}: {
  name: string;
  actions: readonly WorkflowAction[];
  onAction: (action: WorkflowAction) => void;
}) {
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconSettings size={18} aria-hidden="true" />
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
