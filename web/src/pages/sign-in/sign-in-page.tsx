import { Alert, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useSnapshot } from "valtio";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { ProviderSignInButtons } from "../../components/provider-sign-in-buttons.tsx";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { required, validEmail } from "../../forms/auth-rules.ts";
import { useFreshAuthFeedback } from "../../hooks/use-fresh-auth-feedback.ts";
import { useSessionExpiredNotice } from "../../hooks/use-session-expired-notice.ts";
import { auth, signIn } from "../../state/auth-state.ts";

export function SignInPage() {
  const { loading } = useSnapshot(auth);
  const sessionExpired = useSessionExpiredNotice();
  useFreshAuthFeedback();
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "", password: "" },
    validate: { email: validEmail, password: required },
  });

  return (
    <AuthLayout title="LOGIN">
      {sessionExpired && (
        <Alert color="yellow" role="status">
          Session expired.
        </Alert>
      )}
      <form noValidate onSubmit={form.onSubmit((values) => signIn(values.email, values.password))}>
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps("email")} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end">
            <RouterAnchor href="/reset_password" size="sm">
              Forgot Password
            </RouterAnchor>
          </Group>
          <Button type="submit" loading={loading} fullWidth>
            Login
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <ProviderSignInButtons />
      <Text size="sm" ta="center">
        New to Hirestream? <RouterAnchor href="/sign_up">Create account</RouterAnchor>
      </Text>
    </AuthLayout>
  );
}
