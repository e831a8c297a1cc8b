import { Badge, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Glyph, type GlyphName } from "../../components/public/glyph.tsx";
import type { PublicWidth } from "../../components/public/use-public-width.ts";

interface Feature {
  icon: GlyphName;
  title: string;
  text: string;
  comingSoon?: true;
}

const features: readonly Feature[] = [
  {
    icon: "tag",
    title: "A recruiting CRM that costs nothing",
    text: "Keep projects, stages, notes and every conversation with a candidate in one place, free. There is no trial period running out on you.",
  },
  {
    icon: "database",
    title: "A talent database that moves with you",
    text: "The people you source go into your own Talent Pool, which belongs to you rather than to an employer's subscription. Change teams or agencies and your network comes along.",
  },
  {
    icon: "social-network",
    title: "Hire together",
    text: "Share workspaces and projects with colleagues and hiring managers. Owner, manager and collaborator roles decide who can change what.",
  },
  {
    icon: "steps",
    title: "Email sequences in as many stages as you need",
    text: "Write the first message and each follow-up once, set how long to wait between them, and Hirestream sends every stage on time.",
  },
  {
    icon: "mail",
    title: "Works with Gmail and Microsoft",
    text: "Connect a Gmail or Microsoft mailbox and send from your own address, so replies arrive where you already read your mail.",
  },
  {
    icon: "plug",
    title: "ATS integration",
    text: "Soon you will send candidates to your applicant tracking system straight from a project, without copying a field by hand.",
    comingSoon: true,
  },
];

const columns: Record<PublicWidth, number> = { narrow: 1, medium: 2, wide: 3 };

/** What the free product does, one card per pitch of spec §1. */
export function LandingFeatures({ width }: { width: PublicWidth }) {
  return (
    <Container size="lg" py={48}>
      <Stack gap="xl">
        <Title order={2} ta="center">
          Everything a recruiter needs, nothing you have to give up
        </Title>
        <SimpleGrid cols={columns[width]} spacing="lg">
          {features.map((feature) => (
            <Paper key={feature.title} withBorder radius="md" p="lg">
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start">
                  <ThemeIcon size={44} radius="md" variant="light">
                    <Glyph name={feature.icon} />
                  </ThemeIcon>
                  {feature.comingSoon && <Badge variant="light">Coming soon</Badge>}
                </Group>
                <Title order={3} size="h4">
                  {feature.title}
                </Title>
                <Text c="dimmed">{feature.text}</Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
