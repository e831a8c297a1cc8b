import { Card, Grid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useState } from "react";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { EditPersonModal } from "../../components/people/people-modals-on-open.tsx";
import { usePerson } from "../../components/people/use-people.ts";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { PersonHeader } from "./person-header.tsx";
import { PersonMessages } from "./person-messages.tsx";
import { PersonOptOut } from "./person-opt-out.tsx";
import { PersonSections } from "./person-sections.tsx";
import { PersonSidePanel } from "./person-side-panel.tsx";

export interface PersonDetailProps {
  personId: string;
  /** Set on the workspace routes: Back goes to its people, and the messages area shows. */
  workspaceId?: string | undefined;
}

function BackToPeople({ href }: { href: string }) {
  return (
    <RouterAnchor href={href} size="sm">
      <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: "middle" }} /> Back to People
    </RouterAnchor>
  );
}

/** A person's profile (spec §2, Person detail), read from the replica, editable offline. */
export function PersonDetailPage({ personId, workspaceId }: PersonDetailProps) {
  const person = usePerson(personId);
  const user = useCurrentUser();
  const synced = useFirstSyncDone();
  const [editing, setEditing] = useState(false);
  const back = workspaceId ? `/workspaces/${workspaceId}/people` : "/talent_pool";

  if (person === undefined || synced === undefined) return <LoadingScreen label="Loading profile" />;
  if (person === null && !synced) {
    return (
      <LoadingScreen
        label="Loading profile"
        message="This device is still catching up with the server: the profile shows once it has."
      />
    );
  }
  if (person === null) {
    // The replica holds everyone in the user's Talent Pool and workspaces: anyone else is out of reach.
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          Profile
        </Title>
        <Text c="dimmed">This profile is not available.</Text>
        <Text c="dimmed">No one with this id is in your Talent Pool or in a workspace you are in.</Text>
        <BackToPeople href={back} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <BackToPeople href={back} />
      <PersonHeader person={person} onEdit={() => setEditing(true)} />
      {workspaceId && <PersonOptOut person={person} workspaceId={workspaceId} />}
      <Grid gap="lg">
        <Grid.Col span={8}>
          <PersonSections person={person} />
        </Grid.Col>
        <Grid.Col span={4}>
          <PersonSidePanel person={person} inPool={person.owner_id === user?.id} />
        </Grid.Col>
      </Grid>
      {workspaceId ? (
        <PersonMessages personId={personId} />
      ) : (
        <Card withBorder component="section" aria-label="Summary">
          <Title order={2} size="h4" mb="sm">
            Summary
          </Title>
          <Text c="dimmed">No summary</Text>
        </Card>
      )}
      {editing && <EditPersonModal person={person} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
