import { z } from "zod";
import { messages } from "../messages.ts";
import type { PayloadFields } from "../sequences/rows.ts";
import { CUSTOM_VARIABLE_TYPES, type CustomVariableType } from "../sequences/variables.ts";

// Spec §5 "Payload templates": what a payload's values may hold, and what the editor shows in red.

/** Spec §3: a payload field is of type Text or Text area (the candidate and project variables are Text). */
export const PAYLOAD_FIELD_TYPES = CUSTOM_VARIABLE_TYPES;
export type PayloadFieldType = CustomVariableType;

/** Spec §5 and §9: "Text fields limited to 80 characters". */
export const PAYLOAD_TEXT_MAX = 80;
/** "Text area has no limit shown": none is shown, but a value still has to fit in a message. */
export const PAYLOAD_TEXT_AREA_MAX = 10_000;

export const payloadValueMessages = {
  required: messages.required,
  tooLong: (max: number) => `is too long (maximum is ${max} characters)`,
  unknown: "is not a field of this sequence",
} as const;

/** Field name → value; a field left out has no value yet. */
export const payloadValues = z.record(z.string(), z.string());
export type PayloadValues = z.infer<typeof payloadValues>;

export interface PayloadField {
  name: string;
  type: PayloadFieldType;
  required: boolean;
}

/** The defaults first, as the spec lists them, then the customs; a name is taken once. */
export function fieldsOf(fields: PayloadFields): PayloadField[] {
  const all = [
    ...fields.defaults.map((field) => ({ name: field.name, type: "Text" as const, required: field.used })),
    ...fields.customs.map((field) => ({ name: field.name, type: field.type, required: field.used })),
  ];
  const seen = new Set<string>();
  return all.filter((field) => !seen.has(field.name) && seen.add(field.name));
}

export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === "";
}

export function maxLengthOf(type: PayloadFieldType): number {
  return type === "Text" ? PAYLOAD_TEXT_MAX : PAYLOAD_TEXT_AREA_MAX;
}

/** What is wrong with one value of a known field, in the spec's words; null when nothing is. */
export function valueIssue(field: PayloadField, value: string | null | undefined): string | null {
  if (isBlank(value)) return field.required ? payloadValueMessages.required : null;
  const max = maxLengthOf(field.type);
  if (value != null && value.length > max) return payloadValueMessages.tooLong(max);
  return null;
}

/** Spec §4: "Pending (shows the count of empty fields)": the required fields still without a value. */
export function emptyCount(fields: PayloadFields, values: PayloadValues): number {
  return fieldsOf(fields).filter((field) => field.required && isBlank(values[field.name])).length;
}

/** Spec §4: a pending payload "whose required fields are all filled" is a draft, ready to go. */
export function isComplete(fields: PayloadFields, values: PayloadValues): boolean {
  return emptyCount(fields, values) === 0;
}

export interface FieldMark {
  name: string;
  /** Null for a value whose field the sequence does not know. */
  type: PayloadFieldType | null;
  required: boolean;
  value: string;
  /** The words to show in red beside the field; null when it is fine. */
  issue: string | null;
}

/**
 * The editor's view of a payload (spec §5): every field of the sequence with its value, a missing
 * or too long one marked, then any value naming no field of the sequence, marked unknown.
 */
export function fieldMarks(fields: PayloadFields, values: PayloadValues): FieldMark[] {
  const known = fieldsOf(fields);
  const names = new Set(known.map((field) => field.name));
  const marks = known.map((field) => {
    const value = values[field.name] ?? "";
    return { name: field.name, type: field.type, required: field.required, value, issue: valueIssue(field, value) };
  });
  const unknown = Object.keys(values)
    .filter((name) => !names.has(name))
    .map((name) => ({
      name,
      type: null,
      required: false,
      value: values[name] ?? "",
      issue: payloadValueMessages.unknown,
    }));
  return [...marks, ...unknown];
}

export interface ValueRejection {
  name: string;
  message: string;
}

/**
 * An edit's values merged into the current ones, or what refuses it. Only known fields are taken;
 * a blank value clears its field. A value the run started with is not judged again when the edit
 * leaves it as it was: a candidate's long title is theirs, not the writer's.
 */
export function applyEdit(
  fields: PayloadFields,
  current: PayloadValues,
  edit: Readonly<Record<string, string | null>>,
): { values: PayloadValues } | { rejection: ValueRejection } {
  const known = new Map(fieldsOf(fields).map((field) => [field.name, field]));
  const next: PayloadValues = { ...current };
  for (const [name, value] of Object.entries(edit)) {
    const field = known.get(name);
    if (!field) return { rejection: { name, message: payloadValueMessages.unknown } };
    if (isBlank(value)) {
      delete next[name];
      continue;
    }
    if (value === null || value === current[name]) continue;
    const max = maxLengthOf(field.type);
    if (value.length > max) return { rejection: { name, message: payloadValueMessages.tooLong(max) } };
    next[name] = value;
  }
  return { values: next };
}

/** The first required field still empty, for a refusal that points at it; null when all are filled. */
export function firstMissing(fields: PayloadFields, values: PayloadValues): string | null {
  return fieldsOf(fields).find((field) => field.required && isBlank(values[field.name]))?.name ?? null;
}

/** The values a run starts with: the candidate and project data known for its fields, blanks left out. */
export function startingValues(fields: PayloadFields, known: Readonly<Record<string, string | null>>): PayloadValues {
  const values: PayloadValues = {};
  for (const field of fieldsOf(fields)) {
    const value = known[field.name];
    if (value != null && !isBlank(value)) values[field.name] = value;
  }
  return values;
}
