import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One headed part of a page of text; the heading sits under the page's h1. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
