import { Button, Group, Modal, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect } from "react";
import { required } from "../../forms/auth-rules.ts";

export interface NameDialogProps {
  opened: boolean;
  title: string;
  label: string;
  initialName: string;
  submitLabel: string;
  /** Editing: the submit button stays disabled until the name differs from `initialName` (spec §5). */
  requireChange?: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Asks for a name: new workspace, rename. Blank is refused with the spec's 'This field is required'. */
export function NameDialog({
  opened,
  title,
  label,
  initialName,
  submitLabel,
  requireChange = false,
  onSubmit,
  onCancel,
}: NameDialogProps) {
  const form = useForm({
    initialValues: { name: initialName },
    validate: { name: (value) => required(value.trim()) },
  });
  // Each opening starts from the current name, not from what was typed last time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetting on open only
  useEffect(() => {
    if (opened) form.setValues({ name: initialName });
  }, [opened, initialName]);
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <form onSubmit={form.onSubmit(({ name }) => onSubmit(name.trim()))} noValidate>
        <TextInput label={label} withAsterisk data-autofocus maxLength={1000} {...form.getInputProps("name")} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={requireChange && form.values.name.trim() === initialName.trim()}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
