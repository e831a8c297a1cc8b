import { providerSignInErrorMessage } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import { Alert, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useSnapshot } from "valtio";
import { useSearchParams } from "wouter";
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
  // A provider sign-in that failed comes back here with a reason (API.md: 302 to origin with an error).
  const [searchParams] = useSearchParams();
  const providerError = providerSignInErrorMessage(searchParams.get("error"));
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
      {providerError && (
        <Alert color="red" role="alert">
          {providerError}
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
