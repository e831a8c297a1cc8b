import { Button, Group, Modal, Stack } from "@mantine/core";
import { useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { EducationEditor } from "./education-editor.tsx";
import { ExperienceEditor } from "./experience-editor.tsx";
import { updatePerson } from "./person-commands.ts";
import { draftChanges } from "./person-form.ts";
import { ProfileTextFields } from "./profile-text-fields.tsx";
import type { PersonListRow } from "./use-people.ts";
import { useProfileForm } from "./use-profile-form.ts";

/**
 * Edit profile: every field of the person. Saving queues the change in the replica's outbox, so it
 * works offline and shows as pending until the server has it. Mount it to open it: each opening
 * starts from the person as they are now. `silentErrors` (editing a candidate inside a project,
 * spec §8): a refusal by the server only undoes the edit, with no toast.
 */
export function EditPersonModal({
  person,
  silentErrors = false,
  onClose,
}: {
  person: PersonListRow;
  silentErrors?: boolean;
  onClose: () => void;
}) {
  const runtime = useReplica();
  const [saving, setSaving] = useState(false);
  const form = useProfileForm(person);
  // The person as it is now: sync may change it while the form is open, and only real edits count.
  const changes = draftChanges(person, form.values);
  const unchanged = Object.keys(changes).length === 0;

  const save = async () => {
    const command = updatePerson(person, changes, new Date());
    if (!command) return onClose();
    setSaving(true);
    try {
      await runtime.mutate(silentErrors ? { ...command, silentErrors } : command);
      onClose();
      showSuccessToast("Profile updated.");
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Edit profile" size="xl" centered>
      <form onSubmit={form.onSubmit(() => void save())} noValidate>
        <Stack gap="md">
          <ProfileTextFields form={form} />
          <ExperienceEditor form={form} />
          <EducationEditor form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={unchanged} loading={saving}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
