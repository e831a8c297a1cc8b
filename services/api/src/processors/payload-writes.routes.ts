import { DomainError } from "@hirestream/contracts/errors.ts";
import { payloadEventAttributes, updatePayloadAttributes } from "@hirestream/contracts/processors/commands.ts";
import { payloadStatusInfo } from "@hirestream/contracts/processors/payload-status.ts";
import { emptyCount } from "@hirestream/contracts/processors/payload-values.ts";
import type { ProcessorCommand, ProcessorContext } from "@hirestream/domain/processor/processor.decider.ts";
import type { ProcessorState } from "@hirestream/domain/processor/processor-state.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import { uuidParam } from "../candidacies/candidacy-params.ts";
import { pipelineContext } from "../candidacies/pipeline-context.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { parseWriteBody } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { currentProcessor, runProcessorCommand } from "./processor-commands.ts";

const types = ["payload", "payloads", "sequence_processor", "sequence_processors"] as const;

/** The project's context for a payload's decision; a project of another workspace is not found. */
async function contextIn(deps: Deps, userId: string, workspaceId: string | null, projectId: string) {
  const context: ProcessorContext = await pipelineContext(deps, userId, projectId);
  if (workspaceId !== null && context.project !== null && context.project.workspaceId !== workspaceId) {
    return { ...context, project: null };
  }
  return context;
}

/** What a write answers: the payload as the command left it, before the read models catch up. */
function writtenPayload(state: ProcessorState, position: number) {
  if (state.status !== "started") throw new DomainError("NOT_FOUND", "Payload not found");
  const { run } = state;
  const info = payloadStatusInfo(run.status, run.hasReview, emptyCount(run.fields, run.values));
  return {
    data: {
      id: run.processorId,
      type: "payload",
      attributes: {
        ...info,
        payload_values: { data: run.values },
        processor: { id: run.processorId, status: run.status },
      },
    },
    meta: { position },
  };
}

async function decide(
  deps: Deps,
  processorId: string,
  command: ProcessorCommand,
  commandId: string,
  context: ProcessorContext,
) {
  const outcome = await runProcessorCommand(deps, processorId, command, commandId, context);
  return writtenPayload(outcome.state, outcome.position);
}

/** The Message tab's writes (spec §7): a payload's values, and the events of its buttons and controls. */
export function payloadWriteRoutes(app: FastifyInstance, deps: Deps): void {
  app.put("/workspaces/:id/projects/:projectId/payloads/:payloadId", async (request) => {
    const session = requireSession(request);
    const workspaceId = uuidParam(request.params, "id", "Workspace");
    const projectId = uuidParam(request.params, "projectId", "Project");
    const payloadId = pathId(request.params, "payloadId", "Payload not found");
    const { attributes } = parseWriteBody(updatePayloadAttributes, request.body, { types });
    const context = await contextIn(deps, session.userId, workspaceId, projectId);
    const command: ProcessorCommand = { type: "EditPayload", data: { values: attributes.payload_values.data } };
    return decide(deps, payloadId, command, commandIdOf(request), context);
  });

  app.put("/workspaces/:id/projects/:projectId/payloads/:payloadId/event", async (request) => {
    const session = requireSession(request);
    const workspaceId = uuidParam(request.params, "id", "Workspace");
    const projectId = uuidParam(request.params, "projectId", "Project");
    const payloadId = pathId(request.params, "payloadId", "Payload not found");
    const { attributes } = parseWriteBody(payloadEventAttributes, request.body, { types });
    const context = await contextIn(deps, session.userId, workspaceId, projectId);
    const command: ProcessorCommand = { type: "SendPayloadEvent", data: { event: attributes.event_name } };
    return decide(deps, payloadId, command, commandIdOf(request), context);
  });

  // The same events reached through the candidate (spec §7 "Sequence processor event").
  app.put(
    "/projects/:projectId/project_people/:candidacyId/sequence_processors/:processorId/event",
    async (request) => {
      const session = requireSession(request);
      const projectId = uuidParam(request.params, "projectId", "Project");
      const candidacyId = uuidParam(request.params, "candidacyId", "Candidate");
      const processorId = pathId(request.params, "processorId", "Payload not found");
      const { attributes } = parseWriteBody(payloadEventAttributes, request.body, { types });
      const context = await contextIn(deps, session.userId, null, projectId);
      const state = await currentProcessor(deps, processorId);
      // A run of another candidate is not this one's: as unknown as a run that does not exist.
      const ofCandidate = state.status !== "started" || state.run.candidacyId === candidacyId;
      const command: ProcessorCommand = { type: "SendPayloadEvent", data: { event: attributes.event_name } };
      if (!ofCandidate) throw new DomainError("NOT_FOUND", "Payload not found");
      return decide(deps, processorId, command, commandIdOf(request), context);
    },
  );
}
