import { aliasList } from "@hirestream/contracts/credentials/commands.ts";
import { Button, Group, Modal, Textarea } from "@mantine/core";
import { useState } from "react";
import type { ShownCredential } from "./credential-commands.ts";
import { shownAliases } from "./credential-list.ts";

/**
 * Add Alias (spec §2, its title spelled as the spec spells it). Spec §5: aliases are split on
 * commas and trimmed before saving; each must be an email, none twice.
 */
export function AliasesModal({
  credential,
  onSave,
  onClose,
}: {
  credential: ShownCredential;
  onSave: (aliases: string[]) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(shownAliases(credential));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const parsed = aliasList.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid aliases");
      return;
    }
    onSave(parsed.data);
  };
  return (
    <Modal opened onClose={onClose} title="Edit Povider Aliases" centered>
      <Textarea
        label="Email Aliases"
        placeholder="Emails separated by comma"
        autosize
        minRows={3}
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
        data-autofocus
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save}>Save</Button>
      </Group>
    </Modal>
  );
}
