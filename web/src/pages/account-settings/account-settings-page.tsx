import { Card, Stack, Text } from "@mantine/core";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { PageHeading } from "../../components/page-section.tsx";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { DevicesSection } from "./devices-section.tsx";
import { PasswordForm } from "./password-form.tsx";
import { ProfileForm } from "./profile-form.tsx";

/** /account_settings: name, avatar colour, password, and the devices signed in. */
export function AccountSettingsPage() {
  const user = useCurrentUser();
  if (!user) {
    return <LoadingScreen label="Loading your account" />;
  }
  return (
    <Stack gap="lg" maw={640}>
      <PageHeading title="Account Settings">
        <Text c="dimmed">Signed in as {user.email}</Text>
      </PageHeading>
      <Card withBorder padding="lg">
        <ProfileForm user={user} />
      </Card>
      <Card withBorder padding="lg">
        <PasswordForm />
      </Card>
      <Card withBorder padding="lg">
        <DevicesSection />
      </Card>
    </Stack>
  );
}
