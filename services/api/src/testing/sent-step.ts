// For tests of what comes back: a run's step sent through the real local transport and recorded
// with the engine's own commands, as the send worker does (draft, record, send, record).
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { composeStepMessage, newMessageId } from "@hirestream/outreach/mail/compose/compose-step-message.ts";
import { LocalSequenceTransport } from "@hirestream/outreach/transports/local-sequence.transport.ts";
import type { Deps } from "../deps.ts";
import { currentProcessor, engineContext, runProcessorCommand } from "../processors/processor-commands.ts";

export interface StepToSend {
  processorId: string;
  position: number;
  credentialId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
}

/** Sends the run's next step from a `local` credential; answers its Message-ID and the position appended. */
export async function sendStep(deps: Deps, step: StepToSend): Promise<{ messageId: string; position: number }> {
  const processor = await currentProcessor(deps, step.processorId);
  if (processor.status !== "started") throw new Error(`run ${step.processorId} has not started`);
  const { thread } = processor.run;
  const key = scopedId(step.processorId, `step-${step.position}`);
  const composed = await composeStepMessage({
    from: { address: step.from },
    to: { address: step.to },
    subject: step.subject,
    html: step.html,
    ...(thread.messageIds.length > 0 ? { previous: { messageIds: thread.messageIds, subject: thread.subject } } : {}),
    messageId: newMessageId(key, new URL(deps.appUrl).hostname),
    date: deps.clock(),
  });
  const message = {
    from: step.from,
    to: step.to,
    subject: composed.subject,
    html: composed.html,
    ...(composed.inReplyTo === undefined ? {} : { inReplyTo: composed.inReplyTo }),
    references: composed.references,
  };
  const transport = new LocalSequenceTransport(deps.pool, step.credentialId);
  const { draftId } = await transport.createDraft(composed.raw, { key });
  const context = engineContext(deps);
  await runProcessorCommand(
    deps,
    step.processorId,
    { type: "RecordStepDrafted", data: { position: step.position, draftId, messageId: composed.messageId, message } },
    scopedId(key, "drafted"),
    context,
  );
  const sent = await transport.sendDraft(draftId);
  const recorded = await runProcessorCommand(
    deps,
    step.processorId,
    {
      type: "RecordStepSent",
      data: { position: step.position, messageId: sent.messageId, message, sentAt: sent.sentAt.toISOString() },
    },
    scopedId(key, "sent"),
    context,
  );
  return { messageId: sent.messageId, position: recorded.position };
}
