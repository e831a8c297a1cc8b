import { Badge } from "@mantine/core";

/** A change made here that the server has not confirmed yet (offline, or on its way). */
export function PendingBadge() {
  return (
    <Badge size="xs" variant="light" color="yellow" title="Not saved on the server yet">
      Pending
    </Badge>
  );
}
