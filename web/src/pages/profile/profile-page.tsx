import { Anchor, Avatar, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "wouter";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { userDisplayName, userInitials } from "../../components/user-initials.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useMyWorkspaces } from "../../hooks/use-workspaces.ts";

/**
 * /profile and /profile/{id} for the signed-in user: who they are and where they work. A
 * candidate's profile lives at /profile/{id} too; until people are in the replica, any id other
 * than the user's own says it is not available here.
 */
export function ProfilePage({ id }: { id?: string | undefined }) {
  const user = useCurrentUser();
  const workspaces = useMyWorkspaces(user?.id);
  if (!user || !workspaces) {
    return <LoadingScreen label="Loading profile" />;
  }
  if (id && id !== user.id) {
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          Profile
        </Title>
        <Text c="dimmed">This profile is not available.</Text>
        <Anchor component={Link} href="/talent_pool">
          Back to the Talent Pool
        </Anchor>
      </Stack>
    );
  }
  const owned = workspaces.filter((workspace) => workspace.owned).length;
  return (
    <Stack gap="lg" maw={640}>
      <Group gap="lg">
        <Avatar color={user.color} variant="filled" radius="xl" size={72}>
          {userInitials(user)}
        </Avatar>
        <Stack gap={2}>
          <Title order={1} size="h2">
            {userDisplayName(user)}
          </Title>
          <Text c="dimmed">{user.email}</Text>
        </Stack>
      </Group>
      <Card withBorder>
        <Text>
          Owner of {owned} {owned === 1 ? "workspace" : "workspaces"}, guest in {workspaces.length - owned}.
        </Text>
        <Group mt="sm" gap="md">
          <Anchor component={Link} href="/workspaces">
            Your workspaces
          </Anchor>
          <Anchor component={Link} href="/account_settings">
            Edit name and colour in Account Settings
          </Anchor>
        </Group>
      </Card>
    </Stack>
  );
}
