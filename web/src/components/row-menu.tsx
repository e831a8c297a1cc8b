import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * A table row's menu (⋯ unless another icon is given), named "Actions for {name}" for screen
 * readers; `children` are its Menu.Items.
 */
export function RowMenu({ name, icon, children }: { name: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          {icon ?? <IconDots size={18} aria-hidden="true" />}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
