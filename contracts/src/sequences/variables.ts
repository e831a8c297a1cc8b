/** Variables every candidate fills from the person's record. */
export const CANDIDATE_VARIABLES = ["first_name", "last_name", "title", "company_name"] as const;

/** Variables filled from the project the candidacy belongs to. */
export const PROJECT_VARIABLES = ["project_title", "workspace_title"] as const;

/** `{{name}}`, spaces allowed inside the braces. A name is letters, digits and underscores. */
export const VARIABLE_PATTERN = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The variable names `text` uses, each once, in order of first use. */
export function variablesIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VARIABLE_PATTERN), (match) => match[1] ?? ""))];
}
