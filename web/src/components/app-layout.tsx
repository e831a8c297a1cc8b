import { AppShell, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { NAVBAR_HEIGHT_PX } from "../constants.ts";
import { Logo } from "./logo.tsx";
import { UserMenu } from "./user-menu.tsx";

/** The signed-in frame: a 64 px top bar with the logo and the avatar menu. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: NAVBAR_HEIGHT_PX }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
          <Logo />
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
