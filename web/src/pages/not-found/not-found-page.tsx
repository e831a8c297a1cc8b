import { Stack, Text, Title } from "@mantine/core";
import { RouterAnchor } from "../../components/router-anchor.tsx";

export function NotFoundPage() {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed">
        There is nothing at this address. <RouterAnchor href="/">Go to the start page</RouterAnchor>
      </Text>
    </Stack>
  );
}
