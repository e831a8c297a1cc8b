// POST /workspaces/{ws}/projects' optional sequence relationship (spec doc 2 §7, "project fields plus
// optional sequence relationship with steps_attributes"): the New Project modal's template sequence.
import { z } from "zod";
import { type CreateSequenceAttributes, createSequenceAttributes } from "../sequences/commands.ts";

/** Where the relationship sits in the request document. */
export const SEQUENCE_RELATIONSHIP = "/data/relationships/sequence";

export const projectSequenceMessages = {
  noTemplateSequence: "the workflow has no stage that starts a sequence",
  notTheTemplateSequence: "must be the sequence the workflow's stages start, or an edited copy of it",
} as const;

/**
 * The relationship as sent. Without attributes it names the workflow's own sequence (Use Template
 * Sequence: nothing new is made); with attributes it is the recruiter's edited copy (Edit Template
 * Sequence), made as a new sequence of the workspace, under `id` when one is chosen.
 */
export const projectSequenceRelationship = z
  .object({
    data: z
      .object({
        type: z.enum(["sequence", "sequences"], { error: "must be sequence" }),
        id: z.uuid({ error: "must be a UUID" }).optional(),
        attributes: z.record(z.string(), z.unknown()).optional(),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type ProjectSequenceRelationship = z.infer<typeof projectSequenceRelationship>;

/**
 * A sequence's attributes as the relationship carries them: those of POST …/sequences, with the
 * steps under `steps_attributes`. Parsed by the sequence's own schema, so the rules and words are
 * the same; issue paths name `steps_attributes` as sent.
 */
export function parseTemplateSequence(
  attributes: Readonly<Record<string, unknown>>,
): { success: true; data: CreateSequenceAttributes } | { success: false; error: z.ZodError } {
  const { steps_attributes, steps, ...rest } = attributes;
  if (steps !== undefined) {
    return {
      success: false,
      error: new z.ZodError([{ code: "custom", path: ["steps"], message: "is not a known attribute", input: steps }]),
    };
  }
  const renamed = steps_attributes === undefined ? rest : { ...rest, steps: steps_attributes };
  const parsed = createSequenceAttributes.safeParse(renamed, { reportInput: true });
  if (parsed.success) return parsed;
  const issues = parsed.error.issues.map((issue) => ({ ...issue, path: sentPath(issue.path) }));
  return { success: false, error: new z.ZodError(issues) };
}

function sentPath(path: readonly PropertyKey[]): PropertyKey[] {
  return path[0] === "steps" ? ["steps_attributes", ...path.slice(1)] : [...path];
}

/**
 * A pointer into a sequence's attributes (`/data/attributes/steps/0/template_subject`, as the
 * sequence's own rules name it) as it points into the relationship.
 */
export function pointerInRelationship(pointer: string): string {
  const inAttributes = pointer.replace(/^\/data\/attributes/, "");
  const sent = inAttributes.replace(/^\/steps(?=\/|$)/, "/steps_attributes");
  return `${SEQUENCE_RELATIONSHIP}/data/attributes${sent}`;
}
