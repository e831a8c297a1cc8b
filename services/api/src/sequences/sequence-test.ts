import { DomainError } from "@hirestream/contracts/errors.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import type { StepRow } from "@hirestream/contracts/sequences/rows.ts";
import { renderTemplate } from "@hirestream/domain/templates/render-template.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { composeStepMessage, newMessageId } from "@hirestream/outreach/mail/compose/compose-step-message.ts";
import { MailSendError } from "@hirestream/outreach/transports/mail-send-error.ts";
import type { SequenceMailTransport } from "@hirestream/outreach/transports/mail-transport.ts";
import type { Session } from "../auth/sessions.ts";
import { credentialTransport } from "../credentials/credential-transport.ts";
import type { Deps } from "../deps.ts";
import { WorkspaceRoles } from "../workspaces/workspace-roles.ts";
import { credentialsOf, type StepCredential } from "./sequence-credentials.ts";
import { findSequence } from "./sequence-queries.ts";

/** Spec §8, the messaging area's words for a step that has no credential to send from. */
export const NO_INTEGRATION = "No integration found for this step, please check!";

const stepPointer = (index: number, field: string) => `/data/attributes/steps/${index}/${field}`;

async function transportOf(deps: Deps, credentialId: string, credential: StepCredential, index: number) {
  const transport = await credentialTransport(deps, credentialId, credential.providerType);
  if (transport) return transport;
  throw new DomainError(
    "VALIDATION",
    `${credential.name} cannot send mail from this server yet`,
    stepPointer(index, "provider_id"),
  );
}

/**
 * The sequence's Test (spec §2, API.md): every step at once, its variables filled with the values
 * given, to the caller's own address and nowhere else. Each step is a draft keyed by the request's
 * command id, so the same request repeated sends nothing twice.
 */
export async function testSequence(
  deps: Deps,
  session: Session,
  workspaceId: string,
  sequenceId: string,
  values: Readonly<Record<string, string>>,
  commandId: string,
): Promise<{ sent: number }> {
  const role = await new WorkspaceRoles(deps, session.userId).of(workspaceId);
  if (role === undefined) throw new DomainError("NOT_FOUND", "Workspace not found");
  if (!mayInWorkspace(role, "sequences.create")) throw new DomainError("FORBIDDEN");
  const sequence = await findSequence(deps, workspaceId, sequenceId);
  if (!sequence) throw new DomainError("NOT_FOUND", "Sequence not found");

  const steps: StepRow[] = [...sequence.steps].sort((a, b) => a.position - b.position);
  const credentials = await credentialsOf(
    deps,
    workspaceId,
    steps.flatMap((step) => (step.provider_id ? [step.provider_id] : [])),
  );
  const rendered = steps.map((step, index) => {
    const credential = step.provider_id ? credentials.get(step.provider_id) : undefined;
    if (!step.provider_id || !credential)
      throw new DomainError("VALIDATION", NO_INTEGRATION, stepPointer(index, "provider_id"));
    const filled = renderTemplate({ subject: step.template_subject, body: step.template_body }, values);
    const missing = filled.missing[0];
    if (missing !== undefined) {
      throw new DomainError("VALIDATION", messages.required, `/data/attributes/test_params/${missing}`);
    }
    return { step, index, credentialId: step.provider_id, credential, filled };
  });

  const thread: string[] = [];
  let previousSubject = "";
  for (const { step, index, credentialId, credential, filled } of rendered) {
    const transport: SequenceMailTransport = await transportOf(deps, credentialId, credential, index);
    const key = scopedId(commandId, `test-step-${step.position}`);
    const composed = await composeStepMessage({
      from: { address: step.from ?? credential.email, name: credential.name },
      to: { address: session.email },
      subject: filled.subject,
      html: filled.html,
      ...(thread.length > 0 ? { previous: { messageIds: [...thread], subject: previousSubject } } : {}),
      messageId: newMessageId(key, new URL(deps.appUrl).hostname),
      date: deps.clock(),
    });
    try {
      const { draftId } = await transport.createDraft(composed.raw, { key });
      await transport.sendDraft(draftId);
    } catch (error) {
      if (!(error instanceof MailSendError)) throw error;
      throw new DomainError(
        "VALIDATION",
        `Step ${step.position} was not sent: ${error.message}`,
        stepPointer(index, "provider_id"),
      );
    }
    thread.push(composed.messageId);
    previousSubject = composed.subject;
  }
  return { sent: rendered.length };
}
