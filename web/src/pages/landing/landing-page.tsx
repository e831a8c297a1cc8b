import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "wouter";
import { PublicLayout } from "../../components/public-layout.tsx";

/** The public home. Only the hero for now; the rest of the landing page comes later. */
export function LandingPage() {
  return (
    <PublicLayout>
      <Container size="md" py={80}>
        <Stack align="center" ta="center" gap="lg">
          <Title order={1}>Your Data. Your Career.</Title>
          <Text size="lg" c="dimmed">
            A free recruiting CRM with a talent database that stays yours.
          </Text>
          <Group justify="center">
            <Link href="/sign_up" asChild>
              <Button component="a">Try for free!</Button>
            </Link>
            <Link href="/services" asChild>
              <Button component="a" variant="default">
                We Recruit for You
              </Button>
            </Link>
          </Group>
          <Text size="sm" c="dimmed">
            The full landing page is coming in a later release.
          </Text>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
