import { Accordion, Anchor, Box, Button, Group, List, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { PageHeading } from "../../components/page-section.tsx";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { NAVBAR_HEIGHT_PX } from "../../constants.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useMyWorkspaces } from "../../hooks/use-workspaces.ts";
import { HelpTopicLinks } from "./help-topic-links.tsx";
import { filterHelpTopics, helpSections, helpTopics, queryWords } from "./help-topics.ts";

const sectionAnchor = (id: string) => `help-${id}`;

/** What the live region says after a search, so screen reader users hear the outcome too. */
function matchText(count: number): string {
  if (count === 0) return "No help topics match your search.";
  return count === 1 ? "1 help topic matches." : `${count} help topics match.`;
}

/** /help_center: how Hirestream works, as questions grouped by area, with a word search. */
export function HelpCenterPage() {
  const user = useCurrentUser();
  const workspaces = useMyWorkspaces(user?.id);
  // Workspace screens (workflows, sequences) need an id; the same pick as /workspaces/me/home.
  const workspaceId = (workspaces?.find((workspace) => workspace.visible) ?? workspaces?.[0])?.id;
  const [query, setQuery] = useState("");
  const [opened, setOpened] = useState<string[]>([]);

  const found = filterHelpTopics(helpTopics, query);
  const searching = queryWords(query).length > 0;
  const sections = helpSections
    .map((section) => ({ section, topics: found.filter((topic) => topic.section === section.id) }))
    .filter(({ topics }) => topics.length > 0);

  const search = (next: string) => {
    setQuery(next);
    // A search opens its answers; clearing it folds them again. Set here, not in an effect, so the
    // reader can still open and close items while the query stays the same.
    setOpened(queryWords(next).length > 0 ? filterHelpTopics(helpTopics, next).map((topic) => topic.id) : []);
  };

  const intros = [
    ...(workspaceId ? [{ label: "Workflows", href: `/workspaces/${workspaceId}/workflow_intro` }] : []),
    { label: "Projects", href: "/project_intro" },
    { label: "People", href: "/people_intro" },
    { label: "Talent Pool", href: "/talent_pool_intro" },
  ];

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading title="Help Center">
        <Text c="dimmed">How Hirestream works, from your first workspace to your first sequence.</Text>
      </PageHeading>

      <Stack gap={6}>
        <Title order={2} size="h4">
          New here? Start with a short introduction
        </Title>
        <Group gap="lg">
          {intros.map((intro) => (
            <RouterAnchor key={intro.href} href={intro.href}>
              {intro.label}
            </RouterAnchor>
          ))}
        </Group>
      </Stack>

      <Stack gap={4} maw={520}>
        <TextInput
          type="search"
          label="Search help"
          description="Type a few words; topics holding all of them are shown."
          placeholder="For example: import csv"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={query}
          onChange={(event) => search(event.currentTarget.value)}
        />
        <Text role="status" size="sm" c={found.length === 0 ? "bright" : "dimmed"} fw={found.length === 0 ? 500 : 400}>
          {searching ? matchText(found.length) : ""}
        </Text>
      </Stack>

      {sections.length === 0 ? (
        <Stack align="flex-start" gap="xs">
          <Text c="dimmed">Try fewer or different words.</Text>
          <Button variant="default" onClick={() => search("")}>
            Clear search
          </Button>
        </Stack>
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="xl">
          <Box
            component="nav"
            aria-label="Help sections"
            w={220}
            style={{ flexShrink: 0, position: "sticky", top: NAVBAR_HEIGHT_PX + 16 }}
          >
            <List listStyleType="none" spacing={6}>
              {sections.map(({ section, topics }) => (
                <List.Item key={section.id}>
                  <Anchor href={`#${sectionAnchor(section.id)}`}>{section.title}</Anchor>
                  {searching && (
                    <Text span size="sm" c="dimmed">
                      {` (${topics.length})`}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          </Box>
          <Stack gap="xl" style={{ flex: 1, minWidth: 0 }}>
            {sections.map(({ section, topics }) => (
              <Box
                component="section"
                key={section.id}
                id={sectionAnchor(section.id)}
                aria-labelledby={`${sectionAnchor(section.id)}-title`}
                // The top bar is fixed: keep a jumped-to heading out from under it.
                style={{ scrollMarginTop: NAVBAR_HEIGHT_PX + 16 }}
              >
                <Title order={2} size="h3" mb="sm" id={`${sectionAnchor(section.id)}-title`}>
                  {section.title}
                </Title>
                <Accordion multiple order={3} variant="separated" value={opened} onChange={setOpened}>
                  {topics.map((topic) => (
                    <Accordion.Item key={topic.id} value={topic.id}>
                      <Accordion.Control>{topic.title}</Accordion.Control>
                      <Accordion.Panel>
                        <Stack gap="xs">
                          {topic.body.map((paragraph) => (
                            <Text key={paragraph} size="sm">
                              {paragraph}
                            </Text>
                          ))}
                          {topic.links && <HelpTopicLinks links={topic.links} workspaceId={workspaceId} />}
                        </Stack>
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              </Box>
            ))}
          </Stack>
        </Group>
      )}
    </Stack>
  );
}
