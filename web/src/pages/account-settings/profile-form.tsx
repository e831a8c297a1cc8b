import { avatarColors } from "@hirestream/contracts/accounts/events.ts";
import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import { Button, CheckIcon, ColorSwatch, Group, Radio, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect } from "react";
import { showSuccessToast } from "../../notifications/toasts.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { type ProfileChange, updateProfile } from "./account-commands.ts";

const NAME_MAX = 100;

/** Name and avatar colour; saved through the outbox, so it works offline too. */
export function ProfileForm({ user }: { user: UserRow }) {
  const runtime = useReplica();
  const form = useForm<ProfileChange>({
    initialValues: { first_name: user.first_name, last_name: user.last_name, color: user.color },
  });
  // Another device may change the profile while this screen is open; follow it unless edited here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the stored user only
  useEffect(() => {
    if (!form.isDirty()) form.setValues({ first_name: user.first_name, last_name: user.last_name, color: user.color });
  }, [user.first_name, user.last_name, user.color]);

  const save = (values: ProfileChange) => {
    void runtime.mutate(updateProfile(user, values, new Date())).then(() => {
      form.resetDirty(values);
      showSuccessToast("Profile saved.");
    });
  };

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          Profile
        </Title>
        <Group grow>
          <TextInput label="First name" maxLength={NAME_MAX} {...form.getInputProps("first_name")} />
          <TextInput label="Last name" maxLength={NAME_MAX} {...form.getInputProps("last_name")} />
        </Group>
        <Radio.Group label="Avatar colour" {...form.getInputProps("color")}>
          <Group gap="xs" mt={6}>
            {avatarColors.map((color) => (
              <Radio.Card
                key={color}
                value={color}
                aria-label={color}
                radius="xl"
                w={36}
                h={36}
                style={{ display: "grid", placeItems: "center", border: "none" }}
              >
                <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={30} component="span">
                  {form.values.color === color && <CheckIcon size={12} color="white" />}
                </ColorSwatch>
              </Radio.Card>
            ))}
          </Group>
        </Radio.Group>
        <Group>
          <Button type="submit" disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
