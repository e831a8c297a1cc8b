import { Text, Tooltip } from "@mantine/core";

/** A count whose tooltip lists what it counts; reachable by keyboard, and read whole by screen readers. */
export function CountedNames({ names, what }: { names: readonly string[]; what: string }) {
  if (names.length === 0) return <Text aria-label={`No ${what}`}>0</Text>;
  const list = names.join(", ");
  return (
    <Tooltip label={list} events={{ hover: true, focus: true, touch: true }} withinPortal multiline maw={320}>
      <Text tabIndex={0} aria-label={`${names.length} ${what}: ${list}`} style={{ cursor: "default" }}>
        {names.length}
      </Text>
    </Tooltip>
  );
}
