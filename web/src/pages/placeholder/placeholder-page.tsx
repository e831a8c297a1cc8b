import { Stack, Text, Title } from "@mantine/core";

/** A signed-in screen not built yet: says what it will be, nothing more. */
export function PlaceholderPage({ area }: { area: string }) {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {area}
      </Title>
      <Text c="dimmed">This screen is coming in a later release.</Text>
    </Stack>
  );
}
