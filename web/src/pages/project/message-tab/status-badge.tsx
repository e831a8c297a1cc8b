import { type DisplayedStatus, statusNames } from "@hirestream/contracts/processors/payload-status.ts";
import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import { Badge, type MantineColor, Tooltip } from "@mantine/core";

/**
 * The colour of each status (spec §3's bgColor, iconColor and textColor, one hue per status):
 * what waits on the writer is neutral, what goes is blue, what needs a hand is warm, what ended is green.
 */
export const statusColors: Record<DisplayedStatus, MantineColor> = {
  pending: "gray",
  draft: "blue",
  ready: "cyan",
  sending: "indigo",
  failed: "red",
  paused: "yellow",
  bounced: "orange",
  finished: "green",
  replied: "teal",
  inactive: "dark",
};

type Shown = Pick<PayloadRow, "status" | "empty_count" | "processor">;

/** Spec §4: Pending shows the count of empty fields. */
export function statusLabel(payload: Shown): string {
  const name = statusNames[payload.status];
  return payload.status === "pending" ? `${name} (${payload.empty_count})` : name;
}

/** Spec §4 and §8: Failed shows its fail message, Paused its status message, on hover. */
export function statusTooltip(payload: Shown): string | null {
  if (payload.status === "failed") return payload.processor.fail_message;
  if (payload.status === "paused") return payload.processor.status_message;
  return null;
}

export function StatusBadge({ payload }: { payload: Shown }) {
  const tooltip = statusTooltip(payload);
  const badge = (
    <Badge color={statusColors[payload.status]} variant="light" tabIndex={tooltip ? 0 : undefined}>
      {statusLabel(payload)}
    </Badge>
  );
  return tooltip ? (
    <Tooltip label={tooltip} multiline maw={320} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
