import type { ProjectStatus } from "@hirestream/contracts/projects/events.ts";
import { Switch } from "@mantine/core";

/**
 * The Active/Inactive switch (spec §4). An archived project shows it off, fixed and labelled
 * Archived, as the Show Project form says: archiving cannot be switched back.
 */
export function ProjectStatusSwitch({
  name,
  status,
  disabled,
  onChange,
}: {
  name: string;
  status: ProjectStatus;
  disabled: boolean;
  onChange: (status: "Active" | "Inactive") => void;
}) {
  return (
    <Switch
      checked={status === "Active"}
      label={status}
      onChange={(event) => onChange(event.currentTarget.checked ? "Active" : "Inactive")}
      disabled={disabled || status === "Archived"}
      aria-label={`Active: ${name}`}
    />
  );
}
