import { VARIABLE_PATTERN, variablesIn } from "@hirestream/contracts/sequences/variables.ts";

/** A step's template: the subject is plain text, the body HTML. */
export interface StepTemplate {
  subject: string;
  body: string;
}

export type TemplateValues = Readonly<Record<string, string | undefined>>;

export interface RenderedTemplate {
  subject: string;
  html: string;
  /**
   * Variables the template uses that `values` has no text for (absent, or blank). They are
   * rendered as empty text (blank ones as they are); whether that may go out is the caller's decision.
   */
  missing: string[];
}

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

function fill(text: string, values: TemplateValues, asText: (value: string) => string): string {
  return text.replace(VARIABLE_PATTERN, (_placeholder, name: string) => asText(values[name] ?? ""));
}

/** The variables a template uses, subject first, each once. */
export function templateVariables(template: StepTemplate): string[] {
  return [...new Set([...variablesIn(template.subject), ...variablesIn(template.body)])];
}

/** Variables a template uses that are none of `known` (candidate, project and custom names). */
export function unknownVariables(template: StepTemplate, known: Iterable<string>): string[] {
  const names = new Set(known);
  return templateVariables(template).filter((name) => !names.has(name));
}

/**
 * Fills `{{name}}` placeholders: in the subject as plain text (a header, never HTML), in the body
 * HTML-escaped, so a value can never add markup to a message.
 */
export function renderTemplate(template: StepTemplate, values: TemplateValues): RenderedTemplate {
  const missing = templateVariables(template).filter((name) => (values[name] ?? "").trim() === "");
  return {
    // A subject is one header line: a line break in a value becomes a space.
    subject: fill(template.subject, values, (value) => value.replace(/[\r\n]+/g, " ")),
    html: fill(template.body, values, escapeHtml),
    missing,
  };
}
