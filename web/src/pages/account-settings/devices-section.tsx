import { Button, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { deleteOtherSessions } from "../../api/account-api.ts";
import { messagesOf } from "../../api/api-errors.ts";
import { ConfirmDialog } from "../../components/dialogs/confirm-dialog.tsx";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { requestSignOut } from "../../state/auth-state.ts";

function endedText(count: number): string {
  if (count === 0) return "You were not signed in on any other device.";
  return count === 1 ? "Signed out 1 other device." : `Signed out ${count} other devices.`;
}

/** Sign out everywhere else (a lost laptop), or here. */
export function DevicesSection() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const signOutOthers = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      showSuccessToast(endedText(await deleteOtherSessions()));
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Devices
      </Title>
      <Text size="sm" c="dimmed">
        Signing out removes the copy of your data that Hirestream keeps in that browser for offline work.
      </Text>
      <Stack gap="xs" align="flex-start">
        <Button variant="default" loading={busy} onClick={() => setConfirming(true)}>
          Sign out other devices
        </Button>
        <Button variant="subtle" color="red" onClick={() => void requestSignOut()}>
          Sign out of this device
        </Button>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Sign out other devices"
        message="Every other browser signed in to your account is signed out now. This one stays signed in."
        confirmLabel="Sign out others"
        onConfirm={() => void signOutOthers()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
