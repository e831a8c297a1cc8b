import { Menu, Tooltip } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { RowMenu } from "../../components/row-menu.tsx";
import type { OfferedAction, WorkflowAction } from "../../components/workflows/workflow-list.ts";

const labels: Record<WorkflowAction, string> = { edit: "Edit", addToProject: "Add to Project", remove: "Remove" };

/**
 * The config menu of a row, with the actions workflowActions offers; none, no menu. A blocked
 * action shows disabled with its reason in a tooltip (`data-disabled`, not `disabled`, so that
 * the pointer still reaches it).
 */
export function WorkflowRowMenu({
  name,
  actions,
  onAction,
}: {
  name: string;
  actions: readonly OfferedAction[];
  onAction: (action: WorkflowAction) => void;
}) {
  if (actions.length === 0) return null;
  return (
    <RowMenu name={name} icon={<IconSettings size={18} aria-hidden="true" />}>
      {actions.map(({ action, blockedBy }) => {
        const color = action === "remove" ? { color: "red" } : {};
        if (blockedBy === null) {
          return (
            <Menu.Item key={action} {...color} onClick={() => onAction(action)}>
              {labels[action]}
            </Menu.Item>
          );
        }
        return (
          <Tooltip key={action} label={blockedBy} position="left" withinPortal>
            <Menu.Item {...color} data-disabled aria-disabled="true" closeMenuOnClick={false}>
              {labels[action]}
            </Menu.Item>
          </Tooltip>
        );
      })}
    </RowMenu>
  );
}
