import { Stack, Text, Title } from "@mantine/core";

/** The privacy notice; its text is not written yet, so it only names itself. */
export function PrivacyPolicyPage() {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        Privacy Notice for California Residents
      </Title>
      <Text size="sm">Effective date: January 1, 2020</Text>
      <Text c="dimmed">The full notice is coming in a later release.</Text>
    </Stack>
  );
}
