import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";

/**
 * A table row's menu (⋯ unless another icon is given), named "Actions for {name}" for screen
 * readers; `children` are its Menu.Items. `later`: the list's first rows are going onto the page,
 * so only the button is, and the menu mounts with the next render (or at once, open, when the
 * button is clicked first): ten menus would hold up the first rows.
 */
export function RowMenu({
  name,
  icon,
  later = false,
  children,
}: {
  name: string;
  icon?: ReactNode;
  later?: boolean;
  children: ReactNode;
}) {
  const [clicked, setClicked] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Actions for ${name}`}
      onClick={later && !clicked ? () => setClicked(true) : undefined}
    >
      {icon ?? <IconDots size={18} aria-hidden="true" />}
    </ActionIcon>
  );
  if (later && !clicked) return button;
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={clicked}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
