import { Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useSnapshot } from "valtio";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { confirmationMatches, required, validEmail } from "../../forms/auth-rules.ts";
import { useFreshAuthFeedback } from "../../hooks/use-fresh-auth-feedback.ts";
import { auth, signUp } from "../../state/auth-state.ts";

export function SignUpPage() {
  const { loading } = useSnapshot(auth);
  useFreshAuthFeedback();
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "", password: "", passwordConfirmation: "" },
    validate: { email: validEmail, password: required, passwordConfirmation: confirmationMatches },
    validateInputOnBlur: ["passwordConfirmation"],
  });
  const { password, passwordConfirmation } = form.values;
  const passwordsMatch = password.length > 0 && password === passwordConfirmation;

  return (
    <AuthLayout title="CREATE ACCOUNT">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => signUp(values.email, values.password, values.passwordConfirmation))}
      >
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps("email")} />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps("password")}
          />
          <PasswordInput
            label="Password confirmation"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps("passwordConfirmation")}
          />
          <Button type="submit" loading={loading} disabled={!passwordsMatch} fullWidth>
            Start
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account? <RouterAnchor href="/sign_in">Login</RouterAnchor>
      </Text>
    </AuthLayout>
  );
}
