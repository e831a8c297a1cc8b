import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "wouter";
import { Glyph } from "../../components/public/glyph.tsx";
import type { PublicWidth } from "../../components/public/use-public-width.ts";

/** What a free account includes (spec: "Join Now call to action with bullets"), word for word. */
const included = [
  "Email Sequences",
  "Analytics",
  "Multiple Workspaces One Database",
  "Chrome Extension",
  "Lifetime free CRM access",
  "Greenhouse compatible",
] as const;

/** The sign-up pitch: what a free account includes, and the button to open one. */
export function LandingJoinNow({ width }: { width: PublicWidth }) {
  const wide = width === "wide";
  return (
    <Container size="lg" py={48}>
      <Paper withBorder radius="lg" p={width === "narrow" ? "lg" : 48} bg="gray.0">
        <SimpleGrid cols={wide ? 2 : 1} spacing={48} style={{ alignItems: "center" }}>
          <Stack gap="md" align="flex-start">
            <Title order={2}>Free for life, with everything included</Title>
            <Text size="lg" c="dimmed">
              One account gives you the whole CRM and a talent database of your own. No card needed.
            </Text>
            <Link href="/sign_up" asChild>
              <Button component="a" size="lg">
                Join Now
              </Button>
            </Link>
          </Stack>
          <SimpleGrid
            component="ul"
            cols={width === "narrow" ? 1 : 2}
            spacing="md"
            p={0}
            m={0}
            style={{ listStyle: "none" }}
          >
            {included.map((item) => (
              <Group component="li" key={item} gap="sm" wrap="nowrap">
                <ThemeIcon size={26} radius="xl" color="teal">
                  <Glyph name="check" size={16} />
                </ThemeIcon>
                <Text size="lg">{item}</Text>
              </Group>
            ))}
          </SimpleGrid>
        </SimpleGrid>
      </Paper>
    </Container>
  );
}
