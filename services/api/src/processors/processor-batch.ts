import type { ProcessorEvent } from "@hirestream/contracts/processors/events.ts";
import { type SequenceContent, sequenceEvent } from "@hirestream/contracts/sequences/events.ts";
import {
  type ProcessorCommand,
  type ProcessorContext,
  processorDecider,
} from "@hirestream/domain/processor/processor.decider.ts";
import type { ProcessorState } from "@hirestream/domain/processor/processor-state.ts";
import { sequenceDecider } from "@hirestream/domain/sequence/sequence.decider.ts";
import { deriveEventId } from "@hirestream/eventstore/event-id.ts";
import type { AppendResult, StreamAppend } from "@hirestream/eventstore/event-store.ts";
import type { Deps } from "../deps.ts";
import { sequenceStream } from "../sequences/sequence-commands.ts";
import { cachedStreamRead } from "../stream-state.ts";
import { engineContext, parseProcessorEvent, processorStream } from "./processor-commands.ts";

/** A run's state as its stream stands, with the revision it stands at (-1: no stream). */
export interface ProcessorRead {
  state: ProcessorState;
  revision: number;
}

/** Many runs brought up to date in one read, through the aggregate cache as single commands read them. */
export async function readProcessors(deps: Deps, processorIds: readonly string[]): Promise<Map<string, ProcessorRead>> {
  const ids = [...new Set(processorIds)];
  const cached = ids.map((id) => deps.aggregates?.get(processorDecider, processorStream(id)));
  const reads = await deps.store.readStreams(
    ids.map((id, index) => ({ streamId: processorStream(id), fromRevision: (cached[index]?.revision ?? -1) + 1 })),
  );
  const found = new Map<string, ProcessorRead>();
  ids.forEach((id, index) => {
    let state = cached[index]?.state ?? processorDecider.initialState();
    let revision = cached[index]?.revision ?? -1;
    for (const recorded of reads[index] ?? []) {
      const event = parseProcessorEvent(recorded);
      if (event) state = processorDecider.evolve(state, event);
      revision = recorded.revision;
    }
    if (revision >= 0) deps.aggregates?.set(processorDecider, processorStream(id), { revision, state });
    found.set(id, { state, revision });
  });
  return found;
}

/** The sequences, each as it stands now (null: removed or unknown), in one read through the aggregate cache. */
export async function activeSequences(
  deps: Deps,
  sequenceIds: readonly string[],
): Promise<Map<string, SequenceContent | null>> {
  const ids = [...new Set(sequenceIds)];
  const reads = ids.map((id) => cachedStreamRead(deps, sequenceDecider, parseSequenceEvent, sequenceStream(id)));
  const events = await deps.store.readStreams(reads.map(({ read }) => read));
  const found = new Map<string, SequenceContent | null>();
  reads.forEach(({ fold }, index) => {
    const state = fold(events[index] ?? []);
    found.set(ids[index] ?? "", state.status === "active" ? state.sequence : null);
  });
  return found;
}

const parseSequenceEvent = (stored: { type: string; data: unknown }) => sequenceEvent.safeParse(stored).data;

/** One engine command for one run; its id derived from what caused it, as for a single command. */
export interface EngineCommandFor {
  processorId: string;
  command: ProcessorCommand;
  commandId: string;
}

export interface CommandsOutcome {
  /** The runs whose command was decided and stored (or changed nothing), with the state after it. */
  done: Map<string, ProcessorRead & { events: ProcessorEvent[] }>;
  /** The commands left for `runProcessorCommand` one by one: a run that moved on, a refusal, a retry. */
  rest: EngineCommandFor[];
}

/** A command decided on its run's state, with the events it appends and who decided it when. */
export interface DecidedCommand {
  command: EngineCommandFor;
  read: ProcessorRead;
  events: ProcessorEvent[];
  context: ProcessorContext;
}

/**
 * The engine's commands for many runs (one each), decided on the states just read and appended in
 * one go: the same events, with the same ids, as `runProcessorCommand` would append for each, so a
 * crash and a re-run, by either path, stores nothing twice.
 */
export async function runEngineCommandsTogether(
  deps: Deps,
  reads: ReadonlyMap<string, ProcessorRead>,
  commands: readonly EngineCommandFor[],
): Promise<CommandsOutcome> {
  const { decided, outcome } = decideEngineCommands(deps, reads, commands);
  const results = await deps.store.appendToStreams(engineAppends(decided));
  settleEngineAppends(deps, decided, results, outcome);
  return outcome;
}

/**
 * Decides each command on its run's state: a command that changes nothing is done already, a
 * refused one (or one for a run not read) is left for the single path, the rest are to append.
 */
export function decideEngineCommands(
  deps: Deps,
  reads: ReadonlyMap<string, ProcessorRead>,
  commands: readonly EngineCommandFor[],
): { decided: DecidedCommand[]; outcome: CommandsOutcome } {
  const context = engineContext(deps);
  const outcome: CommandsOutcome = { done: new Map(), rest: [] };
  const decided: DecidedCommand[] = [];
  for (const command of commands) {
    const read = reads.get(command.processorId);
    if (read === undefined) {
      outcome.rest.push(command);
      continue;
    }
    let events: ProcessorEvent[];
    try {
      events = processorDecider.decide(read.state, command.command, context);
    } catch {
      // A refusal is the single path's to report, with the stream read afresh.
      outcome.rest.push(command);
      continue;
    }
    if (events.length === 0) outcome.done.set(command.processorId, { ...read, events });
    else decided.push({ command, read, events, context });
  }
  return { decided, outcome };
}

/** The decided commands' appends, each at the revision its state was read at. */
export function engineAppends(decided: readonly DecidedCommand[]): StreamAppend[] {
  return decided.map(({ command, read, events, context }) => ({
    streamId: processorStream(command.processorId),
    expectedRevision: read.revision,
    events: events.map((event, index) => ({
      id: deriveEventId(command.commandId, index),
      type: event.type,
      data: event.data,
      metadata: {
        commandId: command.commandId,
        userId: context.actorId,
        correlationId: command.commandId,
        causationId: command.commandId,
        occurredAt: context.now.toISOString(),
      },
    })),
  }));
}

/**
 * What the appends' results make of the decided commands, in `outcome`: an append that went in is
 * done, with the state after it (kept in the aggregate cache); one that did not is left over. Call
 * it once the appends are committed, never for a transaction that may still roll back.
 */
export function settleEngineAppends(
  deps: Deps,
  decided: readonly DecidedCommand[],
  results: readonly (AppendResult | null)[],
  outcome: CommandsOutcome,
): void {
  decided.forEach(({ command, read, events }, index) => {
    const result = results[index];
    if (result === null || result === undefined) {
      outcome.rest.push(command);
      return;
    }
    const state = events.reduce(processorDecider.evolve, read.state);
    const revision = result.nextExpectedRevision;
    deps.aggregates?.set(processorDecider, processorStream(command.processorId), { revision, state });
    outcome.done.set(command.processorId, { state, revision, events });
  });
}
