import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A page's h1 and the dimmed lead under it (`children`). */
export function PageHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

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
