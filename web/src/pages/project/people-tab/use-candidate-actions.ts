import type { CandidacyResponse } from "@hirestream/contracts/candidacies/events.ts";
import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { useState } from "react";
import { useStableCallback } from "../../../hooks/use-stable-callback.ts";
import type { Command } from "../../../replica/outbox.ts";
import { useReplica } from "../../../replica/replica-provider.tsx";
import { anyRunningSequence } from "./running-sequences.ts";

// The commands (and the contracts they check against) load at the board's first write rather than
// with the board, which most openings only look at; the service worker has them at hand.
const loadCommands = () => import("../../../components/pipeline/candidacy-commands.ts");
type CandidacyCommands = Awaited<ReturnType<typeof loadCommands>>;

/** A move or a removal waiting for the user's yes. */
export type PendingAction =
  | { kind: "move"; rows: CandidacyRow[]; stage: StageRow }
  | { kind: "remove"; rows: CandidacyRow[]; names: string[] }
  | null;

export interface CandidateActionsState {
  pending: PendingAction;
  /** Moves at once, or asks first when a candidate's running sequence would stop. */
  move: (rows: readonly CandidacyRow[], stage: StageRow) => void;
  respond: (row: CandidacyRow, response: CandidacyResponse) => void;
  /** Always asks first. */
  remove: (rows: readonly CandidacyRow[], names: string[]) => void;
  confirm: () => void;
  cancel: () => void;
}

/** The pipeline's writes, each queued in the outbox: they show at once and work offline. */
export function useCandidateActions(onRemoved: (candidacyIds: string[]) => void): CandidateActionsState {
  const runtime = useReplica();
  const [pending, setPending] = useState<PendingAction>(null);

  const queue = async (make: (commands: CandidacyCommands) => readonly (Command | null)[]) => {
    try {
      const commands = make(await loadCommands());
      for (const command of commands) if (command) await runtime.mutate(command);
    } catch (error) {
      // The replica refused the write (storage full, closed): nothing changed on screen either.
      console.error("pipeline write not queued", error);
    }
  };
  const moveNow = (rows: readonly CandidacyRow[], stage: StageRow) =>
    void queue(({ moveCandidacy }) => rows.map((row) => moveCandidacy(row, stage, new Date())));

  // Stable: the rows and the selection bar are memoized and must not render again for new closures.
  const move = useStableCallback((rows: readonly CandidacyRow[], stage: StageRow) => {
    const moving = rows.filter((row) => row.stage_id !== stage.id);
    if (moving.length === 0) return;
    anyRunningSequence(runtime.db, moving).then(
      (asks) => (asks ? setPending({ kind: "move", rows: moving, stage }) : moveNow(moving, stage)),
      (error: unknown) => console.error("pipeline move not queued", error),
    );
  });
  const respond = useStableCallback(
    (row: CandidacyRow, response: CandidacyResponse) =>
      void queue(({ setCandidacyResponse }) => [setCandidacyResponse(row, response, new Date())]),
  );
  const remove = useStableCallback((rows: readonly CandidacyRow[], names: string[]) => {
    if (rows.length > 0) setPending({ kind: "remove", rows: [...rows], names });
  });
  const confirm = useStableCallback(() => {
    if (pending?.kind === "move") moveNow(pending.rows, pending.stage);
    if (pending?.kind === "remove") {
      const { rows } = pending;
      void queue(({ removeCandidacy }) => rows.map(removeCandidacy));
      onRemoved(pending.rows.map((row) => row.id));
    }
    setPending(null);
  });
  const cancel = useStableCallback(() => setPending(null));
  return { pending, move, respond, remove, confirm, cancel };
}
