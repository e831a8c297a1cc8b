import { Center, Loader, Stack, Text } from "@mantine/core";

/** A screen waiting for its data: a spinner named for screen readers, and a visible line when given. */
export function LoadingScreen({
  label,
  message,
  fullHeight = false,
}: {
  label: string;
  message?: string;
  fullHeight?: boolean;
}) {
  return (
    <Center mih={fullHeight ? "100vh" : 200}>
      <Stack align="center" gap="sm">
        <Loader aria-label={label} />
        {message && <Text role="status">{message}</Text>}
      </Stack>
    </Center>
  );
}
