import { ActionIcon, Box, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Glyph } from "./glyph.tsx";
import { PublicAnchor } from "./public-anchor.tsx";
import { type FooterColumn, footerColumns, footerLinks, type PublicPage, socialLinks } from "./public-links.ts";
import { COPYRIGHT_YEAR } from "./public-site-constants.ts";

function LinkColumn({ column }: { column: FooterColumn }) {
  return (
    <Stack component="nav" gap={6} aria-label={column.heading}>
      <Title order={2} size="h6" tt="uppercase" c="dimmed">
        {column.heading}
      </Title>
      {column.links.map((link) => (
        <PublicAnchor key={link.label} link={link} size="sm" c="dark" />
      ))}
    </Stack>
  );
}

function SocialIcons() {
  return (
    <Group gap="xs">
      {socialLinks.map((link) => (
        <ActionIcon
          key={link.label}
          component="a"
          href={link.href}
          aria-label={link.label}
          variant="subtle"
          color="gray"
          size="lg"
        >
          <Glyph name={link.icon} size={20} />
        </ActionIcon>
      ))}
    </Group>
  );
}

/** The public footer; the services page's adds link columns and the copyright line. */
export function PublicFooter({ page }: { page: PublicPage }) {
  const columns = footerColumns(page);
  return (
    <Box component="footer" bg="gray.0" py="xl" mt={64}>
      <Container size="lg">
        <Stack gap="lg">
          {columns.length > 0 ? (
            <SimpleGrid cols={{ base: 1, xs: columns.length }} spacing="xl">
              {columns.map((column) => (
                <LinkColumn key={column.heading} column={column} />
              ))}
            </SimpleGrid>
          ) : (
            <Group component="nav" aria-label="Footer" gap="lg">
              {footerLinks.map((link) => (
                <PublicAnchor key={link.label} link={link} size="sm" c="dark" />
              ))}
            </Group>
          )}
          <Group justify="space-between" align="center">
            <SocialIcons />
            {page === "services" && (
              <Text size="sm" c="dimmed">
                © {COPYRIGHT_YEAR} Hirestream
              </Text>
            )}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
