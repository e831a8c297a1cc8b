import { candidacyEvent } from "@hirestream/contracts/candidacies/events.ts";
import { processorEvent } from "@hirestream/contracts/processors/events.ts";
import { candidacyDecider } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { Reaction } from "@hirestream/projector/reactions/reaction.ts";
import { candidacyStream, runCandidacyCommand } from "../candidacies/candidacy-commands.ts";
import type { Deps } from "../deps.ts";
import { currentProject } from "../projects/project-commands.ts";
import { streamState } from "../stream-state.ts";
import { currentWorkflow } from "../workflows/workflow-commands.ts";
import { currentProcessor } from "./processor-commands.ts";

const parseCandidacyEvent = (stored: { type: string; data: unknown }) => candidacyEvent.safeParse(stored).data;

/**
 * Spec §1 and §4: a candidate who answers on a sequence's thread moves on by themselves, to the
 * on-response stage their stage names; a stage that names none keeps them. Only while they are
 * still in the stage whose sequence they answered: a candidate someone moved meanwhile stays where
 * they were put. The move is named after the reply's event, so a reaction run again moves no one
 * twice; the run ends replied, which the move's stop leaves as it is.
 */
export function onResponseReaction(deps: Deps): Reaction {
  return {
    name: "on-response moves",
    types: ["ReplyReceived"],
    async react(recorded) {
      const event = processorEvent.safeParse(recorded).data;
      if (event?.type !== "ReplyReceived" || event.data.afterStop) return;
      const processor = await currentProcessor(deps, event.data.processorId);
      if (processor.status !== "started") return;
      const { run } = processor;
      const project = await currentProject(deps, run.projectId);
      if (project.status !== "existing" || project.project.workflowId === null) return;
      const workflow = await currentWorkflow(deps, project.project.workflowId);
      if (workflow.status !== "active") return;
      const target = workflow.stages.find((stage) => stage.id === run.stageId)?.onResponseStageId;
      if (target == null || target === run.stageId) return;
      const candidacy = await streamState(
        deps,
        candidacyDecider,
        parseCandidacyEvent,
        candidacyStream(run.candidacyId),
      );
      if (candidacy.status !== "active" || candidacy.candidacy.stageId !== run.stageId) return;
      await runCandidacyCommand(
        deps,
        run.candidacyId,
        { type: "MoveCandidacy", data: { stageId: target } },
        scopedId(recorded.id, "on-response-move"),
        {
          now: deps.clock(),
          actorId: null,
          engine: true,
          workspaceRoles: new Map(),
          projectRole: undefined,
          project: project.project,
          stages: workflow.stages.map(({ id, name, position }) => ({ id, name, position })),
        },
      );
    },
  };
}
