import { candidacyEvent } from "@hirestream/contracts/candidacies/events.ts";
import {
  type CandidacyCommand,
  type CandidacyContext,
  candidacyDecider,
} from "@hirestream/domain/candidacy/candidacy.decider.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";

export const candidacyStream = (candidacyId: string) => `candidacy-${candidacyId}`;
const parseCandidacyEvent = (stored: { type: string; data: unknown }) => candidacyEvent.safeParse(stored).data;

/** Runs a command on one candidacy, decided against the project as `context` has it. */
export function runCandidacyCommand(
  deps: Deps,
  candidacyId: string,
  command: CandidacyCommand,
  commandId: string,
  context: CandidacyContext,
) {
  return handleCommand(
    deps.store,
    candidacyDecider,
    parseCandidacyEvent,
    { streamId: candidacyStream(candidacyId), command, context, commandId },
    deps.aggregates,
  );
}
