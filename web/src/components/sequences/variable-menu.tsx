import { CANDIDATE_VARIABLES, PROJECT_VARIABLES, placeholderOf } from "@hirestream/contracts/sequences/variables.ts";
import { Button, Menu } from "@mantine/core";
import { IconBraces } from "@tabler/icons-react";

interface VariableMenuProps {
  customs: readonly string[];
  onInsert: (name: string) => void;
}

/** Spec §5: only candidate, project and custom variables may be inserted, each written `{{name}}`. */
export function VariableMenu({ customs, onInsert }: VariableMenuProps) {
  const group = (label: string, names: readonly string[]) =>
    names.length > 0 && [
      <Menu.Label key={label}>{label}</Menu.Label>,
      ...names.map((name) => (
        <Menu.Item key={`${label}:${name}`} onClick={() => onInsert(name)}>
          {placeholderOf(name)}
        </Menu.Item>
      )),
    ];
  return (
    // The field focused last keeps its cursor: the menu must not take the focus from it for good.
    <Menu position="bottom-end" returnFocus={false}>
      <Menu.Target>
        <Button size="xs" variant="light" leftSection={<IconBraces size={14} aria-hidden="true" />}>
          Insert variable
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: "auto" }}>
        {group("Candidate", CANDIDATE_VARIABLES)}
        {group("Project", PROJECT_VARIABLES)}
        {group("Custom", customs)}
      </Menu.Dropdown>
    </Menu>
  );
}
