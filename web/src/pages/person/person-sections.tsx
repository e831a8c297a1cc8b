import type { EducationItem, ExperienceItem } from "@hirestream/contracts/people/profile.ts";
import { Card, List, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { PersonListRow } from "../../components/people/use-people.ts";

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {empty === null ? children : <Text c="dimmed">{empty}</Text>}
    </Card>
  );
}

const joined = (parts: readonly (string | undefined)[], separator: string) =>
  parts.filter((part): part is string => part !== undefined && part !== "").join(separator);

function ExperienceEntry({ item }: { item: ExperienceItem }) {
  const heading = joined([item.title, item.company], " at ");
  const when = joined([item.location, item.period], " · ");
  return (
    <Stack gap={2}>
      {heading && <Text fw={500}>{heading}</Text>}
      {when && (
        <Text size="sm" c="dimmed">
          {when}
        </Text>
      )}
      {item.jobs && item.jobs.length > 0 && (
        <List size="sm" spacing={2}>
          {item.jobs.map((job) => (
            <List.Item key={joined([job.title, job.period, job.description], "|")}>
              {joined([job.title, job.period], ", ")}
              {job.description && <Text size="sm">{job.description}</Text>}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function EducationEntry({ item }: { item: EducationItem }) {
  return (
    <Stack gap={2}>
      {item.title && <Text fw={500}>{item.title}</Text>}
      {item.period && (
        <Text size="sm" c="dimmed">
          {item.period}
        </Text>
      )}
      {item.description && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {item.description}
        </Text>
      )}
    </Stack>
  );
}

/** About, Experience and Education, each with a line saying so when empty. */
export function PersonSections({ person }: { person: PersonListRow }) {
  return (
    <Stack gap="md">
      <Section title="About" empty={person.about === null ? "Nothing here yet." : null}>
        <Text style={{ whiteSpace: "pre-wrap" }}>{person.about}</Text>
      </Section>
      <Section title="Experience" empty={person.experience.length === 0 ? "No experience yet." : null}>
        <Stack gap="md">
          {person.experience.map((item, index) => (
            // Items have no id and may repeat; their place in the list is what tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only list, never reordered in place
            <ExperienceEntry key={index} item={item} />
          ))}
        </Stack>
      </Section>
      <Section title="Education" empty={person.education.length === 0 ? "No education yet." : null}>
        <Stack gap="md">
          {person.education.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only list, never reordered in place
            <EducationEntry key={index} item={item} />
          ))}
        </Stack>
      </Section>
    </Stack>
  );
}
