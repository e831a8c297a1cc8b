import { personEvent } from "@hirestream/contracts/people/events.ts";
import type { OutboundMessage } from "@hirestream/contracts/processors/events.ts";
import type { SequenceStep } from "@hirestream/contracts/sequences/events.ts";
import { workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { personDecider } from "@hirestream/domain/person/person.decider.ts";
import type { Run } from "@hirestream/domain/processor/processor-state.ts";
import { renderTemplate } from "@hirestream/domain/templates/render-template.ts";
import { workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import {
  type ComposedStepMessage,
  composeStepMessage,
  newMessageId,
} from "@hirestream/outreach/mail/compose/compose-step-message.ts";
import type { Deps } from "../deps.ts";
import { personStream } from "../people/person-commands.ts";
import { currentProject } from "../projects/project-commands.ts";
import { streamState } from "../stream-state.ts";
import { workspaceStream } from "../workspaces/workspace-commands.ts";

const parsePersonEvent = (stored: { type: string; data: unknown }) => personEvent.safeParse(stored).data;
const parseWorkspaceEvent = (stored: { type: string; data: unknown }) => workspaceEvent.safeParse(stored).data;

export const stepMessageMessages = {
  noEmail: "The candidate has no email address",
  missingValue: (name: string) => `The value of {{${name}}} is missing`,
} as const;

/** The credential a step sends from, as the read model has it. */
export interface Sender {
  name: string;
  email: string;
}

/** Why a step's message cannot be written; the step fails with these words. */
export class StepMessageProblem extends Error {}

/** The candidate's address and name, as their record holds them now. */
async function recipientOf(deps: Deps, personId: string) {
  const person = await streamState(deps, personDecider, parsePersonEvent, personStream(personId));
  const profile = person.status === "active" ? person.profile : null;
  const address = [profile?.email, profile?.email_work, profile?.email_second]
    .map((email) => email?.trim() ?? "")
    .find((email) => email !== "");
  if (address === undefined) throw new StepMessageProblem(stepMessageMessages.noEmail);
  const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(" ");
  return name === "" ? { address } : { address, name };
}

/**
 * The project variables as they are when the step goes (the payload holds what a writer filled
 * and the candidate's fields): a renamed project is named by its new name.
 */
async function projectValues(deps: Deps, run: Run): Promise<Record<string, string>> {
  const project = await currentProject(deps, run.projectId);
  const workspace = await streamState(deps, workspaceDecider, parseWorkspaceEvent, workspaceStream(run.workspaceId));
  return {
    ...(project.status === "existing" ? { project_title: project.project.name } : {}),
    ...(workspace.status === "active" ? { workspace_title: workspace.name } : {}),
  };
}

/**
 * A step's message for one run: the step's subject and body filled with the payload's values,
 * from the step's sender to the candidate, threaded on the run's earlier steps. `key` names the
 * send across attempts, and the Message-ID is made from it.
 */
export async function composeRunStep(
  deps: Deps,
  run: Run,
  step: SequenceStep,
  sender: Sender,
  key: string,
): Promise<{ composed: ComposedStepMessage; message: OutboundMessage }> {
  const to = await recipientOf(deps, run.personId);
  const values = { ...(await projectValues(deps, run)), ...run.values };
  const filled = renderTemplate({ subject: step.templateSubject, body: step.templateBody }, values);
  const missing = filled.missing[0];
  if (missing !== undefined) throw new StepMessageProblem(stepMessageMessages.missingValue(missing));
  const from = step.from ?? sender.email;
  const { messageIds, subject } = run.thread;
  const composed = await composeStepMessage({
    from: { address: from, name: sender.name },
    to,
    subject: filled.subject,
    html: filled.html,
    ...(messageIds.length > 0 ? { previous: { messageIds: [...messageIds], subject } } : {}),
    messageId: newMessageId(key, new URL(deps.appUrl).hostname),
    date: deps.clock(),
  });
  const message: OutboundMessage = {
    from,
    to: to.address,
    subject: composed.subject,
    html: composed.html,
    ...(composed.inReplyTo !== undefined ? { inReplyTo: composed.inReplyTo } : {}),
    references: composed.references,
  };
  return { composed, message };
}
