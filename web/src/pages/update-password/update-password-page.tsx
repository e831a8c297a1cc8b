import { Alert, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useSnapshot } from "valtio";
import { useSearchParams } from "wouter";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { required } from "../../forms/auth-rules.ts";
import { useFreshAuthFeedback } from "../../hooks/use-fresh-auth-feedback.ts";
import { auth, updatePassword } from "../../state/auth-state.ts";

/** Reached from the reset email: /update_password?reset_password_token=… */
export function UpdatePasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("reset_password_token") ?? "";
  const { loading, message, error } = useSnapshot(auth);
  useFreshAuthFeedback();
  const form = useForm({ mode: "controlled", initialValues: { password: "" }, validate: { password: required } });

  if (message !== null) {
    return (
      <AuthLayout title="PASSWORD UPDATED">
        <Text role="status">{message}</Text>
        <Text size="sm" ta="center">
          <RouterAnchor href="/sign_in">Go to login</RouterAnchor>
        </Text>
      </AuthLayout>
    );
  }

  if (!token) {
    return (
      <AuthLayout title="UPDATE PASSWORD">
        <Alert color="yellow">This page needs the link from the password-reset email.</Alert>
        <Text size="sm" ta="center">
          <RouterAnchor href="/reset_password">Ask for a new link</RouterAnchor>
        </Text>
      </AuthLayout>
    );
  }

  const { error: fieldError, ...inputProps } = form.getInputProps("password");
  return (
    <AuthLayout title="UPDATE PASSWORD">
      <form noValidate onSubmit={form.onSubmit((values) => updatePassword(values.password, token))}>
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            withAsterisk
            error={fieldError ?? error}
            {...inputProps}
          />
          <Button type="submit" loading={loading} fullWidth>
            Update
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
