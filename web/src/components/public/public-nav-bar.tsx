import { Button, Group } from "@mantine/core";
import { Link } from "wouter";
import { useIsMobile } from "../../hooks/use-is-mobile.ts";
import { Logo } from "../logo.tsx";
import { PublicBurgerMenu } from "./public-burger-menu.tsx";
import type { PublicPage } from "./public-links.ts";

/** The public bar: We Recruit for You, Get Started Now and Login; a burger menu on narrow screens. */
export function PublicNavBar({ page }: { page: PublicPage }) {
  // The same cutoff as the app's mobile notice, so the bar and the notice never disagree.
  const isMobile = useIsMobile();
  return (
    <Group component="header" justify="space-between" px="lg" py="sm" wrap="nowrap">
      <Logo />
      <Group component="nav" gap="xs" aria-label="Main">
        {isMobile ? (
          <PublicBurgerMenu page={page} />
        ) : (
          <>
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
          </>
        )}
      </Group>
    </Group>
  );
}
