import { Burger, Menu } from "@mantine/core";
import { useState } from "react";
import { Link } from "wouter";
import { burgerMenuEntries, type PublicPage } from "./public-links.ts";

/** The narrow-screen navigation: the bar's links, plus ways to reach our recruiting team. */
export function PublicBurgerMenu({ page }: { page: PublicPage }) {
  const [opened, setOpened] = useState(false);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Burger opened={opened} aria-label={opened ? "Close menu" : "Open menu"} />
      </Menu.Target>
      <Menu.Dropdown>
        {burgerMenuEntries(page).map((entry) =>
          entry.kind === "route" ? (
            <Link key={entry.label} href={entry.href} asChild>
              <Menu.Item component="a" fw={600}>
                {entry.label}
              </Menu.Item>
            </Link>
          ) : (
            <Menu.Item key={entry.label} component="a" href={entry.href} fw={600}>
              {entry.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
