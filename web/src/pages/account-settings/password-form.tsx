import { Button, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ApiError, messagesOf } from "../../api/api-errors.ts";
import { putPasswordChange } from "../../api/auth-api.ts";
import { confirmationMatches, required } from "../../forms/auth-rules.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";

/** Needs the server (a password never waits in the outbox); other devices are signed out after. */
export function PasswordForm() {
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { currentPassword: "", password: "", passwordConfirmation: "" },
    validate: {
      currentPassword: required,
      password: required,
      passwordConfirmation: (value, values) => confirmationMatches(value, values),
    },
  });
  const submit = async (values: typeof form.values) => {
    setSaving(true);
    try {
      showSuccessToast(await putPasswordChange(values));
      form.reset();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.current_password?.[0])
        form.setFieldError("currentPassword", `Current password ${fields.current_password[0]}`);
      if (fields.password?.[0]) form.setFieldError("password", `Password ${fields.password[0]}`);
      showErrorToasts(messagesOf(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          Password
        </Title>
        <Text size="sm" c="dimmed">
          Changing your password signs you out on your other devices.
        </Text>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps("currentPassword")}
        />
        <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps("password")} />
        <PasswordInput
          label="New password confirmation"
          autoComplete="new-password"
          {...form.getInputProps("passwordConfirmation")}
        />
        <div>
          <Button type="submit" loading={saving}>
            Change password
          </Button>
        </div>
      </Stack>
    </form>
  );
}
