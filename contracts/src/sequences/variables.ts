/** Spec §3 "Template variables": filled from the candidate and from the project. */
export const CANDIDATE_VARIABLES = ["first_name", "last_name", "title", "company_name"] as const;
export const PROJECT_VARIABLES = ["project_title", "workspace_title"] as const;
export const DEFAULT_VARIABLES: readonly string[] = [...CANDIDATE_VARIABLES, ...PROJECT_VARIABLES];

/** Spec §5: a custom variable is of type Text or Text area. */
export const CUSTOM_VARIABLE_TYPES = ["Text", "Text area"] as const;
export type CustomVariableType = (typeof CUSTOM_VARIABLE_TYPES)[number];
export const CUSTOM_VARIABLE_NAME_MAX = 40;

/** `{{name}}`, spaces inside the braces allowed; a name holds no braces and no spaces. */
export const VARIABLE_PATTERN = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** The variables a subject or body uses, each once, in order of first use. */
export function variablesIn(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(VARIABLE_PATTERN)) {
    const name = match[1];
    if (name !== undefined) names.add(name);
  }
  return [...names];
}

/** Spec §5: "name is trimmed and spaces become underscores". */
export function customVariableName(typed: string): string {
  return typed.trim().replace(/\s+/g, "_");
}

/** How a variable is written into a subject or body. */
export function placeholderOf(name: string): string {
  return `{{${name}}}`;
}
