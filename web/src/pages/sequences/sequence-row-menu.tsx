import { Menu } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { RowMenu } from "../../components/row-menu.tsx";
import type { SequenceAction } from "../../components/sequences/sequence-list.ts";

const labels: Record<SequenceAction, string> = { edit: "Edit", remove: "Remove", test: "Test" };

/** The config menu of a row, with the actions sequenceActions offers; none, no menu. */
export function SequenceRowMenu({
  name,
  actions,
  onAction,
}: {
  name: string;
  actions: readonly SequenceAction[];
  onAction: (action: SequenceAction) => void;
}) {
  if (actions.length === 0) return null;
  return (
    <RowMenu name={name} icon={<IconSettings size={18} aria-hidden="true" />}>
      {actions.map((action) => (
        <Menu.Item key={action} {...(action === "remove" ? { color: "red" } : {})} onClick={() => onAction(action)}>
          {labels[action]}
        </Menu.Item>
      ))}
    </RowMenu>
  );
}
