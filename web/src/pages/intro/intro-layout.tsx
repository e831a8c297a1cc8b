import { Button, Group, List, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { RouterAnchor } from "../../components/router-anchor.tsx";

export interface IntroStep {
  readonly title: string;
  readonly text: string;
}

export interface IntroAction {
  readonly label: string;
  readonly href: string;
}

export interface IntroLayoutProps {
  title: string;
  /** One or two sentences saying what the area is for. */
  lead: string;
  /** Decorative: the steps carry the meaning, so it is hidden from screen readers. */
  illustration: ReactNode;
  steps: readonly IntroStep[];
  primary: IntroAction;
  /** Further links; the Help Center link is always added after them. */
  secondary?: readonly IntroAction[];
}

/** The frame every first-time introduction shares: what it is, how it works, where to start. */
export function IntroLayout({ title, lead, illustration, steps, primary, secondary = [] }: IntroLayoutProps) {
  const links = [...secondary, { label: "Read the Help Center", href: "/help_center" }];
  return (
    <Stack gap="xl" maw={760}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
        <Stack gap="xs">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="lg" c="dimmed">
            {lead}
          </Text>
        </Stack>
        <div aria-hidden="true" style={{ flexShrink: 0 }}>
          {illustration}
        </div>
      </Group>
      <Stack gap="sm">
        <Title order={2} size="h4">
          How it works
        </Title>
        <List type="ordered" spacing="md">
          {steps.map((step) => (
            <List.Item key={step.title}>
              <Text fw={600}>{step.title}</Text>
              <Text c="dimmed">{step.text}</Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Group gap="lg">
        <Button component={Link} href={primary.href}>
          {primary.label}
        </Button>
        {links.map((link) => (
          <RouterAnchor key={link.href} href={link.href}>
            {link.label}
          </RouterAnchor>
        ))}
      </Group>
    </Stack>
  );
}
