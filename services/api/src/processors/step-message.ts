import { optOutMessages } from "@hirestream/contracts/opt-outs/messages.ts";
import { personEvent } from "@hirestream/contracts/people/events.ts";
import type { OutboundMessage } from "@hirestream/contracts/processors/events.ts";
import type { SequenceStep } from "@hirestream/contracts/sequences/events.ts";
import { workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { type PersonState, personDecider } from "@hirestream/domain/person/person.decider.ts";
import type { Run } from "@hirestream/domain/processor/processor-state.ts";
import { renderTemplate } from "@hirestream/domain/templates/render-template.ts";
import { workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import {
  type ComposedStepMessage,
  composeStepMessage,
  newMessageId,
} from "@hirestream/outreach/mail/compose/compose-step-message.ts";
import type { Deps } from "../deps.ts";
import { pixelUrl } from "../opens/pixel-token.ts";
import { mayMailIn, optOutStates } from "../opt-outs/opt-out-commands.ts";
import { optOutUrlOf, runTags } from "../opt-outs/opt-out-token.ts";
import { personStream } from "../people/person-commands.ts";
import { currentProject } from "../projects/project-commands.ts";
import { cachedStreamRead, streamState } from "../stream-state.ts";
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

/** Who a step goes to. */
export type Recipient = { address: string; name?: string };

/** The candidate's address and name, as their record holds them now. */
async function recipientOf(deps: Deps, personId: string): Promise<Recipient> {
  return recipientIn(await streamState(deps, personDecider, parsePersonEvent, personStream(personId)));
}

/** Many candidates' recipients in one read; a candidate without an address is left out. */
export async function recipientsOf(deps: Deps, personIds: readonly string[]): Promise<Map<string, Recipient>> {
  const ids = [...new Set(personIds)];
  const reads = ids.map((id) => cachedStreamRead(deps, personDecider, parsePersonEvent, personStream(id)));
  const events = await deps.store.readStreams(reads.map(({ read }) => read));
  const found = new Map<string, Recipient>();
  reads.forEach(({ fold }, index) => {
    const id = ids[index];
    if (id === undefined) return;
    try {
      found.set(id, recipientIn(fold(events[index] ?? [])));
    } catch (error) {
      if (!(error instanceof StepMessageProblem)) throw error;
    }
  });
  return found;
}

function recipientIn(person: PersonState): Recipient {
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
export async function projectValues(
  deps: Deps,
  run: Pick<Run, "projectId" | "workspaceId">,
): Promise<Record<string, string>> {
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
  trackOpens: boolean,
): Promise<ComposedRunStep> {
  const to = await recipientOf(deps, run.personId);
  const mayMail = mayMailIn(await optOutStates(deps, [to.address]), to.address, run.workspaceId);
  return composeRunStepTo(deps, run, step, sender, key, {
    to,
    projectValues: await projectValues(deps, run),
    mayMail,
    trackOpens,
  });
}

export interface ComposedRunStep {
  composed: ComposedStepMessage;
  message: OutboundMessage;
  /** The addresses the message goes from and to, as its headers say. */
  envelope: { from: string; to: string[] };
}

/** `composeRunStep` with the recipient and the project's values already read (a batch reads them once). */
export async function composeRunStepTo(
  deps: Deps,
  run: Run,
  step: SequenceStep,
  sender: Sender,
  key: string,
  facts: {
    to: Recipient;
    projectValues: Record<string, string>;
    /** Whether the address may be mailed from the run's workspace: false once it opted out (and no member cleared it there). */
    mayMail: boolean;
    /** The sequence tracks opens: the message carries a pixel. */
    trackOpens: boolean;
  },
): Promise<ComposedRunStep> {
  const { to } = facts;
  // The last word before anything leaves: a run started, scheduled or retried after its candidate
  // opted out fails here, saying why, rather than mailing them.
  if (!facts.mayMail) throw new StepMessageProblem(optOutMessages.stepRefused);
  const values = { ...facts.projectValues, ...run.values };
  const filled = renderTemplate({ subject: step.templateSubject, body: step.templateBody }, values);
  const missing = filled.missing[0];
  if (missing !== undefined) throw new StepMessageProblem(stepMessageMessages.missingValue(missing));
  const from = step.from ?? sender.email;
  const { messageIds, subject } = run.thread;
  // One HMAC gives the opt-out link's tag and the pixel's.
  const tags = await runTags(deps.db, run.processorId, to.address);
  const composed = await composeStepMessage({
    from: { address: from, name: sender.name },
    to,
    subject: filled.subject,
    html: filled.html,
    ...(messageIds.length > 0 ? { previous: { messageIds: [...messageIds], subject } } : {}),
    messageId: newMessageId(key, new URL(deps.appUrl).hostname),
    date: deps.clock(),
    optOutUrl: optOutUrlOf(deps.appUrl, run.processorId, tags),
    ...(facts.trackOpens ? { pixelUrl: pixelUrl(deps.appUrl, run.processorId, step.position, tags) } : {}),
  });
  const message: OutboundMessage = {
    from,
    to: to.address,
    subject: composed.subject,
    html: composed.html,
    ...(composed.inReplyTo !== undefined ? { inReplyTo: composed.inReplyTo } : {}),
    references: composed.references,
    ...(facts.trackOpens ? { tracked: true as const } : {}),
  };
  return { composed, message, envelope: { from, to: [to.address] } };
}
