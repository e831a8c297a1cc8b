import { NavLink, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "wouter";

export type NavItemProps = {
  label: string;
  icon: ReactNode;
  expanded: boolean;
  active?: boolean;
  disabled?: boolean;
} & ({ href: string } | { onClick: () => void });

/**
 * One entry of the sidebar: the label beside its icon when expanded; collapsed, the icon alone,
 * named by its aria-label and by a tooltip on hover.
 */
export function NavItem(props: NavItemProps) {
  const { label, icon, expanded } = props;
  const shown = expanded ? { label } : {};
  const link =
    "href" in props ? (
      <NavLink
        component={Link}
        href={props.href}
        aria-label={label}
        leftSection={icon}
        active={props.active ?? false}
        disabled={props.disabled ?? false}
        {...shown}
      />
    ) : (
      <NavLink
        component="button"
        type="button"
        onClick={props.onClick}
        aria-label={label}
        leftSection={icon}
        disabled={props.disabled ?? false}
        {...shown}
      />
    );
  return expanded ? (
    link
  ) : (
    <Tooltip label={label} position="right">
      {link}
    </Tooltip>
  );
}
