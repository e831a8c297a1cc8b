import { processorEvent } from "@hirestream/contracts/processors/events.ts";
import {
  type ProcessorCommand,
  type ProcessorContext,
  processorDecider,
} from "@hirestream/domain/processor/processor.decider.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";
import { streamState } from "../stream-state.ts";

export const processorStream = (processorId: string) => `processor-${processorId}`;
export const parseProcessorEvent = (stored: { type: string; data: unknown }) => processorEvent.safeParse(stored).data;

export function currentProcessor(deps: Deps, processorId: string) {
  return streamState(deps, processorDecider, parseProcessorEvent, processorStream(processorId));
}

/** The engine's own records (start, stop, steps): the system decides them, as no one's role. */
export function engineContext(deps: Deps): ProcessorContext {
  return { now: deps.clock(), actorId: null, workspaceRoles: new Map(), project: null, projectRole: undefined };
}

export function runProcessorCommand(
  deps: Deps,
  processorId: string,
  command: ProcessorCommand,
  commandId: string,
  context: ProcessorContext,
) {
  return handleCommand(
    deps.store,
    processorDecider,
    parseProcessorEvent,
    { streamId: processorStream(processorId), command, context, commandId },
    deps.aggregates,
  );
}
