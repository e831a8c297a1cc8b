import { Anchor, Avatar, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconEdit, IconMail, IconMapPin, IconPhone, IconSchool } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { httpUrl, personFullName, personInitials, personLocation } from "../../components/people/person-display.ts";
import type { PersonListRow } from "../../components/people/use-people.ts";
import { PersonLinks } from "./person-links.tsx";

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" span>
        <Text span c="dimmed" size="sm">
          {label}:
        </Text>{" "}
        {children}
      </Text>
    </Group>
  );
}

const iconProps = { size: 16, "aria-hidden": true } as const;

/** Who the person is: avatar, name, title at company, where they are, how to reach them, links. */
export function PersonHeader({ person, onEdit }: { person: PersonListRow; onEdit: () => void }) {
  const role = [person.title, person.company].filter((part) => part !== null).join(" at ");
  const location = personLocation(person);
  const emails = [person.email, person.email_second, person.email_work].filter((email) => email !== null);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Group gap="lg" align="flex-start" wrap="nowrap">
        <Avatar
          src={httpUrl(person.avatar_url)}
          imageProps={{ referrerPolicy: "no-referrer" }}
          alt=""
          radius="xl"
          size={80}
          color="blue"
        >
          {personInitials(person)}
        </Avatar>
        <Stack gap={6}>
          <Group gap="xs">
            <Title order={1} size="h2">
              {personFullName(person)}
            </Title>
            {person._pending > 0 && (
              <Badge size="sm" variant="light" color="yellow" title="Not saved on the server yet">
                Pending
              </Badge>
            )}
          </Group>
          {role && <Text fw={500}>{role}</Text>}
          {location && (
            <Fact icon={<IconMapPin {...iconProps} />} label="Location">
              {location}
            </Fact>
          )}
          {person.phone && (
            <Fact icon={<IconPhone {...iconProps} />} label="Phone">
              {person.phone}
            </Fact>
          )}
          {emails.map((email) => (
            <Fact key={email} icon={<IconMail {...iconProps} />} label="Email">
              <Anchor href={`mailto:${email}`} size="sm">
                {email}
              </Anchor>
            </Fact>
          ))}
          {person.degree && (
            <Fact icon={<IconSchool {...iconProps} />} label="Degree">
              {person.degree}
            </Fact>
          )}
          <PersonLinks person={person} />
        </Stack>
      </Group>
      <Button leftSection={<IconEdit size={16} aria-hidden="true" />} variant="light" onClick={onEdit}>
        Edit
      </Button>
    </Group>
  );
}
