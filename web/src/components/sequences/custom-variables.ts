// Custom variables of a sequence (spec §5): a name and a type, the name trimmed with spaces as underscores, unique.
import { sequenceMessages } from "@hirestream/contracts/sequences/commands.ts";
import {
  CUSTOM_VARIABLE_NAME_MAX,
  CUSTOM_VARIABLE_TYPES,
  type CustomVariableType,
  customVariableName,
  DEFAULT_VARIABLES,
} from "@hirestream/contracts/sequences/variables.ts";
import type { CustomVariableDraft } from "./sequence-draft.ts";

export function isCustomVariableType(value: string | null): value is CustomVariableType {
  return CUSTOM_VARIABLE_TYPES.some((type) => type === value);
}

/** Add is enabled once both a name and a type are given. */
export function canAddCustomVariable(typedName: string, type: string | null): boolean {
  return customVariableName(typedName) !== "" && isCustomVariableType(type);
}

export type CustomVariableAdded = { ok: true; customs: CustomVariableDraft[] } | { ok: false; error: string };

/** A name already used by a candidate, project or custom variable is refused with the spec's words. */
export function addCustomVariable(
  customs: readonly CustomVariableDraft[],
  typedName: string,
  type: CustomVariableType,
): CustomVariableAdded {
  const name = customVariableName(typedName).slice(0, CUSTOM_VARIABLE_NAME_MAX);
  if (DEFAULT_VARIABLES.includes(name) || customs.some((custom) => custom.name === name))
    return { ok: false, error: sequenceMessages.nameTaken };
  return { ok: true, customs: [...customs, { name, type }] };
}

export function removeCustomVariable(customs: readonly CustomVariableDraft[], name: string): CustomVariableDraft[] {
  return customs.filter((custom) => custom.name !== name);
}
