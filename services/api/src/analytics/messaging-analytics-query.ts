import type { Deps } from "../deps.ts";
import type { MessagingCsvRow } from "./messaging-csv.ts";

/**
 * The payloads of one stage of one project, as the Message tab lists them with no filter word:
 * every run but the stopped ones (their candidates left the stage), in the spec's status order,
 * then by name. The caller has checked that the user reaches the project.
 */
export async function messagingAnalyticsOf(deps: Deps, projectId: string, stageId: string): Promise<MessagingCsvRow[]> {
  const rows = await deps.db
    .selectFrom("read.payloads as pl")
    .leftJoin("read.people as person", "person.id", "pl.person_id")
    .select(["pl.first_name", "pl.last_name", "person.email", "pl.status", "pl.processor", "pl.time_zone", "pl.opens"])
    .where("pl.project_id", "=", projectId)
    .where("pl.stage_id", "=", stageId)
    .where("pl.status", "!=", "inactive")
    .orderBy("pl.status_position")
    .orderBy("pl.last_name")
    .orderBy("pl.first_name")
    .orderBy("pl.id")
    .execute();
  return rows.map((row) => ({
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    status: row.status,
    lastStepSent: row.processor.last_step_sent_position,
    totalSteps: row.processor.total_steps,
    lastSentAt: row.processor.last_step_sent_date,
    nextAt: row.processor.current_step_schedule_date,
    timeZone: row.time_zone,
    opens: row.opens,
  }));
}
