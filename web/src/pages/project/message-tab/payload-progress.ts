import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";

/**
 * Spec §4: "Dates are en-US format with time zone." The time zone is the payload's, the one its
 * steps are timed in (the candidate's own where known, else the sequence's), named in full since
 * an abbreviation like GMT+1 names no place.
 */
export function payloadDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const shown = new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(date);
  return `${shown} (${timeZone})`;
}

type Progress = Pick<PayloadRow, "status" | "time_zone" | "processor">;

/**
 * Spec §4's sequence progress text: "Last step n/total and Sent on {date} for Sending, Replied and
 * Finished; Next on {date} for Sending." A date the run does not have yet is left out.
 */
export function progressLines(payload: Progress): string[] {
  const { status, processor, time_zone } = payload;
  if (status !== "sending" && status !== "replied" && status !== "finished") return [];
  const lines = [`Last step ${processor.last_step_sent_position}/${processor.total_steps}`];
  if (processor.last_step_sent_date !== null)
    lines.push(`Sent on ${payloadDate(processor.last_step_sent_date, time_zone)}`);
  if (status === "sending" && processor.current_step_schedule_date !== null)
    lines.push(`Next on ${payloadDate(processor.current_step_schedule_date, time_zone)}`);
  return lines;
}
