import { Container, Stack, Text, Title } from "@mantine/core";
import { PublicLayout } from "../../components/public-layout.tsx";

export function ServicesPage() {
  return (
    <PublicLayout>
      <Container size="md" py={80}>
        <Stack gap="xs">
          <Title order={1}>We Recruit for You</Title>
          <Text c="dimmed">This page is coming in a later release.</Text>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
