import { Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Glyph, type GlyphName } from "../../components/public/glyph.tsx";
import type { PublicWidth } from "../../components/public/use-public-width.ts";

const services: readonly { icon: GlyphName; title: string; text: string }[] = [
  {
    icon: "target",
    title: "Targeted talent sourcing, every month",
    text: "Each month we find candidates who fit your open roles and write to every one of them personally, not with a mass mailing.",
  },
  {
    icon: "person",
    title: "Contract recruiters",
    text: "Need more hands for a hiring push? We place experienced contract recruiters on your team for as long as the push lasts.",
  },
  {
    icon: "chart",
    title: "Real-time analytics and reporting",
    text: "Watch your pipeline, reply rates and time to hire as they change, and hand hiring managers reports they can read at a glance.",
  },
  {
    icon: "cap",
    title: "Consulting and training",
    text: "We review how you hire today and train your recruiters and hiring managers in sourcing, outreach and interviewing.",
  },
];

const columns: Record<PublicWidth, number> = { narrow: 1, medium: 2, wide: 4 };

/** The four services of spec §1, one tile each. */
export function ServiceTiles({ width }: { width: PublicWidth }) {
  return (
    <Container size="lg" py={48}>
      <Stack gap="xl">
        <Title order={2} ta="center">
          How we can help
        </Title>
        <SimpleGrid cols={columns[width]} spacing="lg">
          {services.map((service) => (
            <Paper key={service.title} withBorder radius="md" p="lg">
              <Stack gap="sm">
                <ThemeIcon size={44} radius="md" variant="light">
                  <Glyph name={service.icon} />
                </ThemeIcon>
                <Title order={3} size="h4">
                  {service.title}
                </Title>
                <Text c="dimmed">{service.text}</Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
