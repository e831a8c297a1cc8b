// Spec §4 "Sequence processor status" and "Payload (message) status names", written once: the
// server answers with it, the projection stores it, the browser draws with it, the decider obeys it.

/** A run's own status (spec §4). */
export const processorStatuses = [
  "pending",
  "ready",
  "sending",
  "failed",
  "bounced",
  "finished",
  "replied",
  "inactive",
  "paused",
] as const;
export type ProcessorStatus = (typeof processorStatuses)[number];

/** What the payload list shows: a pending run whose required fields are all filled is a draft. */
export const displayedStatuses = ["draft", ...processorStatuses] as const;
export type DisplayedStatus = (typeof displayedStatuses)[number];

/** The events a person sends from the Message tab (spec §7), and the table's "none". */
export const payloadEventNames = ["event_ready", "event_send", "event_resume", "event_pause"] as const;
export type PayloadEventName = (typeof payloadEventNames)[number];
export const NO_EVENT = "none";

export function displayedStatus(status: ProcessorStatus, complete: boolean): DisplayedStatus {
  return status === "pending" && complete ? "draft" : status;
}

/**
 * Spec §4's names. Inactive has none there; it is the word the spec uses for a stage action that
 * is off, which is what a stopped run is.
 */
export const statusNames: Record<DisplayedStatus, string> = {
  pending: "Pending",
  draft: "Draft",
  ready: "Ready",
  sending: "Sending",
  failed: "Failed",
  paused: "Paused",
  bounced: "Bounced",
  finished: "Finished",
  replied: "Replied",
  inactive: "Inactive",
};

export type ButtonLabel = "Ready" | "Send" | "Retry";
export interface PayloadButton {
  label: ButtonLabel;
  event: PayloadEventName;
}

/**
 * Spec §4's table. Replied and inactive, which it leaves out, have no button: a reply ends the
 * sequence and the thread is shown instead, and a stopped run belongs to a stage the candidate has
 * left (putting them back in starts a new run).
 */
export function payloadButton(status: DisplayedStatus, hasReview: boolean): PayloadButton | null {
  switch (status) {
    case "draft":
      return hasReview ? { label: "Ready", event: "event_ready" } : { label: "Send", event: "event_send" };
    case "ready":
    case "failed":
      return { label: "Send", event: "event_send" };
    case "bounced":
      return { label: "Retry", event: "event_send" };
    case "paused":
      return { label: "Send", event: "event_resume" };
    case "pending":
    case "sending":
    case "finished":
    case "replied":
    case "inactive":
      return null;
    default: {
      const never: never = status;
      return never;
    }
  }
}

/** Where event_pause is taken: the statuses whose pause control shows and is not disabled. */
const pausable: readonly DisplayedStatus[] = ["ready", "sending", "failed", "bounced"];

/**
 * Whether the event may be sent from the status: the button's event, or a per-person control that
 * is shown and enabled. Everything else is refused and changes nothing.
 */
export function eventAllowed(event: PayloadEventName, status: DisplayedStatus, hasReview: boolean): boolean {
  if (event === "event_pause") return pausable.includes(status);
  if (event === "event_resume") return status === "paused";
  return payloadButton(status, hasReview)?.event === event;
}

export interface Control {
  visible: boolean;
  disabled: boolean;
}

/**
 * Spec §4's per-person controls: shown unless replied, finished or pending (a draft is a pending
 * run); resume disabled while sending, pause while paused. Beyond the spec, a control whose event
 * the status would refuse is disabled too, and a stopped run shows none: it takes neither.
 */
export function personControls(status: DisplayedStatus): { resume: Control; pause: Control } {
  const hidden: readonly DisplayedStatus[] = ["replied", "finished", "pending", "draft", "inactive"];
  const visible = !hidden.includes(status);
  return {
    resume: { visible, disabled: status === "sending" || !eventAllowed("event_resume", status, false) },
    pause: { visible, disabled: status === "paused" || !eventAllowed("event_pause", status, false) },
  };
}

/** Spec §4: "Editable statuses: draft, ready, pending, failed, paused." */
export const editableStatuses: readonly DisplayedStatus[] = ["draft", "ready", "pending", "failed", "paused"];

export function isEditable(status: DisplayedStatus): boolean {
  return editableStatuses.includes(status);
}

/** Spec §4's status ordering, for the list; anything else sorts last. */
export const statusPositions: Record<DisplayedStatus, number> = {
  draft: 1,
  ready: 2,
  pending: 3,
  sending: 4,
  failed: 4,
  bounced: 5,
  finished: 6,
  replied: 7,
  inactive: 8,
  paused: 9,
};
export const DEFAULT_STATUS_POSITION = 10;

const positionsByName: ReadonlyMap<string, number> = new Map(Object.entries(statusPositions));

export function statusPosition(status: string): number {
  return positionsByName.get(status) ?? DEFAULT_STATUS_POSITION;
}

/** The derived status info of spec §3 "Payload", as a payload row carries it. */
export interface PayloadStatusInfo {
  status: DisplayedStatus;
  status_position: number;
  empty_count: number;
  editable: boolean;
  button: ButtonLabel | null;
  event: PayloadEventName | typeof NO_EVENT;
}

export function payloadStatusInfo(status: ProcessorStatus, hasReview: boolean, emptyCount: number): PayloadStatusInfo {
  const shown = displayedStatus(status, emptyCount === 0);
  const button = payloadButton(shown, hasReview);
  return {
    status: shown,
    status_position: statusPosition(shown),
    empty_count: emptyCount,
    editable: isEditable(shown),
    button: button?.label ?? null,
    event: button?.event ?? NO_EVENT,
  };
}
