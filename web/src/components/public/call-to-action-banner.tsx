import { Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A closing band: a heading, one sentence and the one thing to do next. */
export function CallToActionBanner({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Container size="lg" py={48}>
      <Paper radius="lg" p={48} bg="blue.7" c="white">
        <Stack align="center" ta="center" gap="md">
          <Title order={2}>{title}</Title>
          <Text size="lg" maw={560}>
            {text}
          </Text>
          {action}
        </Stack>
      </Paper>
    </Container>
  );
}
