import { candidacyEvent } from "@hirestream/contracts/candidacies/events.ts";
import { personEvent } from "@hirestream/contracts/people/events.ts";
import { workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { personDecider } from "@hirestream/domain/person/person.decider.ts";
import { candidateTimeZone } from "@hirestream/domain/schedule/candidate-time-zone.ts";
import { workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import type { Reaction } from "@hirestream/projector/reactions/reaction.ts";
import type { Deps } from "../deps.ts";
import { personStream } from "../people/person-commands.ts";
import { currentProject } from "../projects/project-commands.ts";
import { currentSequence } from "../sequences/sequence-commands.ts";
import { streamState } from "../stream-state.ts";
import { currentWorkflow } from "../workflows/workflow-commands.ts";
import { workspaceStream } from "../workspaces/workspace-commands.ts";
import { currentProcessor, engineContext, runProcessorCommand } from "./processor-commands.ts";

const parsePersonEvent = (stored: { type: string; data: unknown }) => personEvent.safeParse(stored).data;
const parseWorkspaceEvent = (stored: { type: string; data: unknown }) => workspaceEvent.safeParse(stored).data;

/** A run is named by the event that brought the candidate into its stage: each stay is a run of its own. */
export const processorIdOf = (enteredBy: string) => scopedId(enteredBy, "processor");

interface Entry {
  eventId: string;
  candidacyId: string;
  personId: string;
  projectId: string;
  workspaceId: string;
  stageId: string;
}

/**
 * The candidacy's stream up to `recorded`: who the candidate is, and the event that brought them
 * into the stage they are in before it (the run a move or a removal ends).
 */
async function entries(deps: Deps, recorded: RecordedEvent, candidacyId: string) {
  const stream = await deps.store.readStream(recorded.streamId, { fromRevision: 0 });
  let personId: string | undefined;
  let current: string | undefined;
  for (const stored of stream) {
    if (stored.revision >= recorded.revision) break;
    const event = candidacyEvent.safeParse(stored).data;
    if (event?.type === "CandidacyAdded" && event.data.candidacyId === candidacyId) personId = event.data.personId;
    if (event?.type === "CandidacyAdded" || event?.type === "CandidacyMoved") current = stored.id;
  }
  return { personId, enteredBy: current };
}

/** The values a payload starts with: what the candidate's record and the project hold. */
async function startingValues(deps: Deps, entry: Entry, projectName: string) {
  const person = await streamState(deps, personDecider, parsePersonEvent, personStream(entry.personId));
  const workspace = await streamState(deps, workspaceDecider, parseWorkspaceEvent, workspaceStream(entry.workspaceId));
  const profile = person.status === "active" ? person.profile : null;
  return {
    place: { country: profile?.country ?? null, city: profile?.city ?? null },
    known: {
      first_name: profile?.first_name ?? null,
      last_name: profile?.last_name ?? null,
      title: profile?.title ?? null,
      company_name: profile?.company ?? null,
      project_title: projectName,
      workspace_title: workspace.status === "active" ? workspace.name : null,
    },
  };
}

async function start(deps: Deps, entry: Entry): Promise<void> {
  const project = await currentProject(deps, entry.projectId);
  if (project.status !== "existing" || project.project.workflowId === null) return;
  const workflow = await currentWorkflow(deps, project.project.workflowId);
  if (workflow.status !== "active") return;
  const sequenceId = workflow.stages.find((stage) => stage.id === entry.stageId)?.sequenceId;
  if (!sequenceId) return;
  const sequence = await currentSequence(deps, sequenceId);
  if (sequence.status !== "active" || sequence.sequence.steps.length === 0) return;
  const { place, known } = await startingValues(deps, entry, project.project.name);
  const zone = candidateTimeZone(place, sequence.sequence.timezone);
  const processorId = processorIdOf(entry.eventId);
  await runProcessorCommand(
    deps,
    processorId,
    {
      type: "StartProcessor",
      data: {
        processorId,
        candidacyId: entry.candidacyId,
        personId: entry.personId,
        projectId: entry.projectId,
        workspaceId: entry.workspaceId,
        stageId: entry.stageId,
        sequenceId,
        totalSteps: sequence.sequence.steps.length,
        hasReview: sequence.sequence.hasReview,
        fields: sequence.sequence.payloadFields,
        known,
        timeZone: zone.timeZone,
        timeZoneSource: zone.source,
      },
    },
    scopedId(entry.eventId, "start-processor"),
    engineContext(deps),
  );
}

async function stop(deps: Deps, enteredBy: string | undefined, reason: "moved" | "removed", commandId: string) {
  if (enteredBy === undefined) return;
  const processorId = processorIdOf(enteredBy);
  const processor = await currentProcessor(deps, processorId);
  if (processor.status !== "started") return;
  await runProcessorCommand(
    deps,
    processorId,
    { type: "StopProcessor", data: { reason } },
    commandId,
    engineContext(deps),
  );
}

/**
 * Spec §4: a candidate entering a stage that starts a sequence (imported, assigned or moved there)
 * gets a run of it and a payload; leaving the stage, or the project, stops that run. Every command
 * is named after the candidacy's event, so a reaction run again appends nothing new.
 */
export function processorStartReaction(deps: Deps): Reaction {
  return {
    name: "sequence runs",
    types: ["CandidacyAdded", "CandidacyMoved", "CandidacyRemoved"],
    async react(recorded) {
      const event = candidacyEvent.safeParse(recorded).data;
      if (!event || event.type === "CandidacyResponseSet") return;
      const { candidacyId, projectId, workspaceId } = event.data;
      const before = await entries(deps, recorded, candidacyId);
      if (event.type !== "CandidacyAdded") {
        await stop(
          deps,
          before.enteredBy,
          event.type === "CandidacyMoved" ? "moved" : "removed",
          scopedId(recorded.id, "stop-processor"),
        );
      }
      if (event.type === "CandidacyRemoved") return;
      const personId = event.type === "CandidacyAdded" ? event.data.personId : before.personId;
      const stageId = event.type === "CandidacyAdded" ? event.data.stageId : event.data.toStageId;
      if (personId === undefined) return;
      await start(deps, { eventId: recorded.id, candidacyId, personId, projectId, workspaceId, stageId });
    },
  };
}
