import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Glyph } from "../../components/public/glyph.tsx";
import { SCHEDULING_URL } from "../../components/public/public-site-constants.ts";
import type { PublicWidth } from "../../components/public/use-public-width.ts";

/** The services page's first screen: what our recruiting team does, and where to book a call. */
export function ServicesHero({ width }: { width: PublicWidth }) {
  return (
    <Container size="md" py={width === "narrow" ? 48 : 80}>
      <Stack align="center" ta="center" gap="lg">
        <Title order={1} fz={width === "narrow" ? 36 : 52} lh={1.1}>
          We Recruit for You
        </Title>
        <Text size="xl" c="dimmed" maw={640}>
          Our recruiting team finds, contacts and places the people you need, and leaves you with the data and the
          skills to keep hiring on your own.
        </Text>
        <Button component="a" href={SCHEDULING_URL} size="lg" leftSection={<Glyph name="calendar" size={20} />}>
          Book a Meeting
        </Button>
      </Stack>
    </Container>
  );
}
