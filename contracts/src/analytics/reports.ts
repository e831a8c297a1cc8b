import { z } from "zod";

// `GET /workspaces/{id}/reports`: the Reports page's figures, as the analytics export defines
// them (services/domain/src/analytics/aggregates.ts), for one workspace, optionally one project,
// over a period of whole UTC days (analytics-period.ts). Column names are the export's.

const date = z.iso.date({ error: "must be a date (YYYY-MM-DD)" });

/** The figures a Reports chart shows, each also a CSV (the export's file of the same name). */
export const reportFigures = ["stage_funnel", "time_in_stage", "step_performance"] as const;
export type ReportFigure = (typeof reportFigures)[number];

/**
 * `figures`: which figures to count, comma-separated (every one when left out). The page asks for
 * its first chart's alone, so that it is counted without the others beside it, then the rest.
 */
const figuresParam = z
  .string()
  .transform((text) => text.split(","))
  .pipe(
    z
      .array(z.enum(reportFigures, { error: `must name figures among ${reportFigures.join(", ")}` }))
      .min(1)
      .transform((names) => reportFigures.filter((figure) => names.includes(figure))),
  );

export const reportsQuery = z
  .object({
    project_id: z.uuid({ error: "must be a UUID" }).optional(),
    from: date.optional(),
    to: date.optional(),
    figures: figuresParam.optional(),
  })
  .strict()
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    message: "the period's start comes after its end",
    path: ["to"],
  });
export type ReportsQuery = z.infer<typeof reportsQuery>;

const hoursOrNone = z.number().nullable();

/** Per project and stage of its workflow, in the workflow's order. */
export const stageFunnelRow = z.object({
  project_id: z.uuid(),
  project_name: z.string(),
  stage_position: z.number().int(),
  stage_id: z.uuid(),
  stage_name: z.string(),
  entered: z.number().int(),
  left: z.number().int(),
  /** Null for the last stage: there is no next one. */
  converted_to_next: z.number().int().nullable(),
  conversion_to_next: z.number().nullable(),
});

export const timeInStageRow = z.object({
  project_id: z.uuid(),
  project_name: z.string(),
  stage_position: z.number().int(),
  stage_id: z.uuid(),
  stage_name: z.string(),
  stays: z.number().int(),
  median_hours: hoursOrNone,
  p90_hours: hoursOrNone,
});

export const stepPerformanceRow = z.object({
  project_id: z.uuid(),
  project_name: z.string(),
  sequence_id: z.uuid(),
  sequence_name: z.string(),
  step: z.number().int(),
  step_name: z.string(),
  sent: z.number().int(),
  sent_tracked: z.number().int(),
  opened_by_people: z.number().int(),
  machine_opens: z.number().int(),
  replied: z.number().int(),
  bounced: z.number().int(),
  opted_out: z.number().int(),
});

/** Each figure's columns, in the export's order: its CSV's header. */
export const reportFigureColumns = {
  stage_funnel: stageFunnelRow.keyof().options,
  time_in_stage: timeInStageRow.keyof().options,
  step_performance: stepPerformanceRow.keyof().options,
} as const satisfies Record<ReportFigure, readonly string[]>;

export type StageFunnelRow = z.infer<typeof stageFunnelRow>;
export type TimeInStageRow = z.infer<typeof timeInStageRow>;
export type StepPerformanceRow = z.infer<typeof stepPerformanceRow>;

export const reportsAttributes = z.object({
  project_id: z.uuid().nullable(),
  from: z.iso.date().nullable(),
  to: z.iso.date().nullable(),
  // Each figure asked for (`figures`, every one by default); one not asked for is left out.
  stage_funnel: z.array(stageFunnelRow).optional(),
  time_in_stage: z.array(timeInStageRow).optional(),
  step_performance: z.array(stepPerformanceRow).optional(),
});
export type ReportsAttributes = z.infer<typeof reportsAttributes>;

/** The answer: one `report` resource whose id is the workspace's. */
export const reportsDocument = z.object({
  data: z.object({ id: z.uuid(), type: z.literal("report"), attributes: reportsAttributes }),
});
