import { CUSTOM_VARIABLE_NAME_MAX, CUSTOM_VARIABLE_TYPES } from "@hirestream/contracts/sequences/variables.ts";
import { ActionIcon, Badge, Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useState } from "react";
import { showErrorToasts } from "../../notifications/toasts.ts";
import {
  addCustomVariable,
  canAddCustomVariable,
  isCustomVariableType,
  removeCustomVariable,
} from "./custom-variables.ts";
import type { CustomVariableDraft } from "./sequence-draft.ts";

interface CustomVariablesEditorProps {
  customs: readonly CustomVariableDraft[];
  readOnly: boolean;
  onChange: (customs: CustomVariableDraft[]) => void;
}

/** The sequence's own variables (spec §5): a name and a type each, Add enabled once both are given. */
export function CustomVariablesEditor({ customs, readOnly, onChange }: CustomVariablesEditorProps) {
  const [name, setName] = useState("");
  const [type, setType] = useState<string | null>(null);
  const add = () => {
    if (!isCustomVariableType(type)) return;
    const added = addCustomVariable(customs, name, type);
    if (!added.ok) {
      showErrorToasts([added.error]);
      return;
    }
    onChange(added.customs);
    setName("");
    setType(null);
  };
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Custom variables
      </Text>
      {!readOnly && (
        <Group align="flex-end">
          <TextInput
            label="Variable name"
            maxLength={CUSTOM_VARIABLE_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Select label="Variable type" data={[...CUSTOM_VARIABLE_TYPES]} value={type} onChange={setType} />
          <Button variant="light" disabled={!canAddCustomVariable(name, type)} onClick={add}>
            Add
          </Button>
        </Group>
      )}
      <Group gap="xs" aria-label="Custom variables">
        {customs.length === 0 && (
          <Text size="sm" c="dimmed">
            None
          </Text>
        )}
        {customs.map((custom) => (
          <Badge
            key={custom.name}
            variant="light"
            tt="none"
            rightSection={
              readOnly ? undefined : (
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={`Remove ${custom.name}`}
                  onClick={() => onChange(removeCustomVariable(customs, custom.name))}
                >
                  <IconX size={12} aria-hidden="true" />
                </ActionIcon>
              )
            }
          >
            {custom.name} ({custom.type})
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
