// The variables a sequence uses, and the Test Sequence dialog's values for them (spec §2, §5).

import type { PayloadFields } from "@hirestream/contracts/sequences/rows.ts";
import type { CustomVariableType } from "@hirestream/contracts/sequences/variables.ts";

export interface SequenceVariable {
  name: string;
  /** Candidate and project variables are plain text; custom ones say. */
  type: CustomVariableType;
}

/** The candidate and project variables in use, then the custom ones, each once, in their order. */
export function variablesInUse(fields: PayloadFields): SequenceVariable[] {
  const seen = new Set<string>();
  const variables: SequenceVariable[] = [];
  const add = (name: string, type: CustomVariableType) => {
    if (seen.has(name)) return;
    seen.add(name);
    variables.push({ name, type });
  };
  for (const field of fields.defaults) if (field.used) add(field.name, "Text");
  for (const field of fields.customs) if (field.used) add(field.name, field.type);
  return variables;
}
