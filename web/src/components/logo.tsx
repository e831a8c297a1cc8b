import { Group, Text } from "@mantine/core";
import { Link } from "wouter";

/** Our own mark (the favicon's shape) and the product name, linking to /. */
export function Logo() {
  return (
    <Link href="/" aria-label="Hirestream home" style={{ textDecoration: "none", color: "inherit" }}>
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="var(--mantine-color-blue-6)" />
          <path d="M9 8v16M23 8v16M9 16h14" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
        </svg>
        <Text fw={700} size="lg">
          Hirestream
        </Text>
      </Group>
    </Link>
  );
}
