import { Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useSnapshot } from "valtio";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { requiredEmail } from "../../forms/auth-rules.ts";
import { useFreshAuthFeedback } from "../../hooks/use-fresh-auth-feedback.ts";
import { auth, requestPasswordReset } from "../../state/auth-state.ts";

export function ResetPasswordPage() {
  const { loading, message } = useSnapshot(auth);
  useFreshAuthFeedback();
  const form = useForm({ mode: "controlled", initialValues: { email: "" }, validate: { email: requiredEmail } });

  if (message !== null) {
    return (
      <AuthLayout title="CHECK YOUR INBOX">
        <Text role="status">{message}</Text>
        <Text size="sm" ta="center">
          <RouterAnchor href="/sign_in">Back to login</RouterAnchor>
        </Text>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="RESET PASSWORD">
      <Text size="sm" c="dimmed">
        Enter the email of your account and we will send you a link to choose a new password.
      </Text>
      <form noValidate onSubmit={form.onSubmit((values) => requestPasswordReset(values.email))}>
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps("email")} />
          <Button type="submit" loading={loading} fullWidth>
            Reset
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <RouterAnchor href="/sign_in">Back to login</RouterAnchor>
      </Text>
    </AuthLayout>
  );
}
