import { Anchor, Group, Text } from "@mantine/core";
import {
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandLinkedin,
  IconBrandTwitter,
  IconWorld,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { httpUrl } from "../../components/people/person-display.ts";
import type { PersonListRow } from "../../components/people/use-people.ts";

type LinkField = "linkedin" | "twitter" | "facebook" | "github" | "website";

const links: readonly { field: LinkField; label: string; Icon: ComponentType<{ size: number }> }[] = [
  { field: "linkedin", label: "LinkedIn", Icon: IconBrandLinkedin },
  { field: "twitter", label: "Twitter", Icon: IconBrandTwitter },
  { field: "facebook", label: "Facebook", Icon: IconBrandFacebook },
  { field: "github", label: "GitHub", Icon: IconBrandGithub },
  { field: "website", label: "Website", Icon: IconWorld },
];

/**
 * The person's profiles elsewhere. Only http(s) addresses become links, opened apart from this
 * app; anything else is shown as text, never followed.
 */
export function PersonLinks({ person }: { person: PersonListRow }) {
  const shown = links.filter(({ field }) => person[field] !== null);
  if (shown.length === 0) return null;
  return (
    <Group gap="md">
      {shown.map(({ field, label, Icon }) => {
        const url = httpUrl(person[field]);
        return (
          <Group key={field} gap={4} wrap="nowrap">
            <span aria-hidden="true">
              <Icon size={16} />
            </span>
            {url ? (
              <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
                {label}
              </Anchor>
            ) : (
              <Text size="sm">
                {label}: {person[field]}
              </Text>
            )}
          </Group>
        );
      })}
    </Group>
  );
}
