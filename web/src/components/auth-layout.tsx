import { Center, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Logo } from "./logo.tsx";

/** The centred card the signed-out forms sit in. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Center>
          <Logo />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p="xl" component="main">
          <Stack gap="md">
            <Title order={1} size="h3" ta="center">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
