// The Test Sequence dialog's rules and its call (spec §2, §5, §7): a value for every variable in
// use, sent straight to the server, since a test changes no data and waits in no outbox.

import { messages } from "@hirestream/contracts/messages.ts";
import { STEP_TEXT_MAX } from "@hirestream/contracts/sequences/commands.ts";
import { apiRequest } from "../../api/api-client.ts";
import type { SequenceVariable } from "./sequence-variables.ts";

/** The server takes test values up to this long (testSequenceAttributes). */
export const TEST_VALUE_MAX = STEP_TEXT_MAX;

/** Spec §5: "Sequence variable inputs (test prompt) are all required". Keyed as the form's fields. */
export function testValueErrors(values: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  values.forEach((value, index) => {
    if (value.trim() === "") errors[`values.${index}`] = messages.required;
  });
  return errors;
}

/** `{test_params: {name: value}}`, each value as typed but for the blanks around it. */
export function testSequenceBody(
  variables: readonly SequenceVariable[],
  values: readonly string[],
): { test_params: Record<string, string> } {
  const params: Record<string, string> = {};
  variables.forEach((variable, index) => {
    params[variable.name] = (values[index] ?? "").trim();
  });
  return { test_params: params };
}

/** PUT /workspaces/{ws}/sequences/{id}/test: every step goes at once to the caller's own address. */
export async function sendSequenceTest(
  workspaceId: string,
  sequenceId: string,
  body: { test_params: Record<string, string> },
): Promise<void> {
  await apiRequest(`/workspaces/${workspaceId}/sequences/${sequenceId}/test`, { method: "PUT", body });
}
