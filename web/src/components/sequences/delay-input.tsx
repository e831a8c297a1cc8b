import { STEP_DELAY_MAX } from "@hirestream/contracts/sequences/commands.ts";
import { Group, NumberInput, Stack, Text } from "@mantine/core";
import {
  DELAY_HOURS_MAX,
  DELAY_MINUTES_MAX,
  type DelayParts,
  delayLabel,
  delayMinutes,
  delayParts,
} from "./step-delay.ts";

interface DelayInputProps {
  minutes: number;
  readOnly: boolean;
  onChange: (minutes: number) => void;
}

/** Spec §5: the delay entered as days, hours (0-23) and minutes (0-59), shown as `Xd Yh Zm` or `No delay`. */
export function DelayInput({ minutes, readOnly, onChange }: DelayInputProps) {
  const parts = delayParts(minutes);
  const part = (key: keyof DelayParts, label: string, max: number) => (
    <NumberInput
      label={label}
      min={0}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      readOnly={readOnly}
      w={90}
      value={parts[key]}
      onChange={(value) => onChange(delayMinutes({ ...parts, [key]: typeof value === "number" ? value : 0 }))}
    />
  );
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end">
        {part("days", "Days", Math.floor(STEP_DELAY_MAX / (24 * 60)))}
        {part("hours", "Hours", DELAY_HOURS_MAX)}
        {part("minutes", "Minutes", DELAY_MINUTES_MAX)}
      </Group>
      <Text size="xs" c="dimmed" aria-label="Delay">
        Delay: {delayLabel(minutes)}
      </Text>
    </Stack>
  );
}
