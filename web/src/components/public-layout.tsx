import { Box, Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Logo } from "./logo.tsx";

/** The public site's bar: We Recruit for You, Get Started Now, Login. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box>
      <Group component="header" justify="space-between" px="lg" py="sm" wrap="wrap">
        <Logo />
        <Group component="nav" gap="xs" aria-label="Main">
          <Link href="/services" asChild>
            <Button component="a" variant="subtle">
              We Recruit for You
            </Button>
          </Link>
          <Link href="/sign_up" asChild>
            <Button component="a" variant="light">
              Get Started Now
            </Button>
          </Link>
          <Link href="/sign_in" asChild>
            <Button component="a" variant="default">
              Login
            </Button>
          </Link>
        </Group>
      </Group>
      <Box component="main">{children}</Box>
    </Box>
  );
}
