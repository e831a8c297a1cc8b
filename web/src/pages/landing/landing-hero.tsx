import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "wouter";
import type { PublicWidth } from "../../components/public/use-public-width.ts";
import { HeroIllustration } from "./hero-illustration.tsx";

const titleSize: Record<PublicWidth, number> = { narrow: 36, medium: 48, wide: 60 };

/** The first screen: the promise, and the two ways in (use the CRM, or have us recruit). */
export function LandingHero({ width }: { width: PublicWidth }) {
  const wide = width === "wide";
  const narrow = width === "narrow";
  return (
    <Container size="lg" py={narrow ? 48 : 80}>
      <SimpleGrid cols={wide ? 2 : 1} spacing={48} style={{ alignItems: "center" }}>
        <Stack gap="lg" align={wide ? "flex-start" : "center"} ta={wide ? "left" : "center"}>
          <Title order={1} fz={titleSize[width]} lh={1.1}>
            Your Data. Your Career.
          </Title>
          <Text size="xl" c="dimmed" maw={560}>
            Hirestream is a free recruiting CRM with a personal talent database that stays yours, wherever you work
            next.
          </Text>
          <Group gap="sm" grow={narrow} w={narrow ? "100%" : undefined}>
            <Link href="/sign_up" asChild>
              <Button component="a" size="lg">
                Try for free!
              </Button>
            </Link>
            <Link href="/services" asChild>
              <Button component="a" size="lg" variant="default">
                We Recruit for You
              </Button>
            </Link>
          </Group>
        </Stack>
        {!narrow && (
          <Group justify="center">
            <HeroIllustration />
          </Group>
        )}
      </SimpleGrid>
    </Container>
  );
}
