import { markLoadStep } from "../load-steps.ts";
import { applyChanges, applyReady, applySnapshots, dropScope } from "./apply-sync.ts";
import { type ReplicaDb, replicaTransaction } from "./replica-db.ts";
import type { SnapshotMessage, SyncStep } from "./server-message.ts";
import { type CatchUp, catchUpAfter, writeCatchUp } from "./sync-state.ts";

/** The steps that write to the replica; the rest (pong, errors, session end) are the client's. */
export type WritingStep = Extract<
  SyncStep,
  { type: "syncing" | "snapshots" | "snapshot" | "changes" | "drop-scope" | "ready" }
>;

export const isWritingStep = (step: SyncStep): step is WritingStep =>
  step.type !== "pong" && step.type !== "session-expired" && step.type !== "error";

/**
 * Writes one connection's steps to the replica, and follows its catch-up: the scopes still coming,
 * and those whose few rows are not in yet, kept in the replica with the rows that change them.
 */
export class CatchUpWriter {
  readonly #db: ReplicaDb;
  /** The catch-up under way on the current connection, if any. */
  #catchUp: CatchUp | null = null;

  constructor(db: ReplicaDb) {
    this.#db = db;
  }

  /** A new hello: whatever catch-up the last connection had is over. */
  reset(): void {
    this.#catchUp = null;
  }

  /** Every scope of the catch-up under way has its few rows in: what is left no screen waits on. */
  get framed(): boolean {
    return this.#catchUp !== null && this.#catchUp.unframed.length === 0;
  }

  async write(step: WritingStep): Promise<void> {
    const db = this.#db;
    switch (step.type) {
      case "syncing":
        this.#catchUp = { coming: [...step.scopes], unframed: [...step.scopes] };
        return writeCatchUp(db, this.#catchUp);
      case "snapshots":
        return this.#writeSnapshots(step.parts);
      case "snapshot":
        return this.#writeSnapshots([step]);
      case "changes":
        return applyChanges(db, step);
      case "drop-scope":
        return dropScope(db, step.scope);
      case "ready":
        await applyReady(db, step);
        // Caught up: nothing is coming, whatever an earlier connection left unfinished.
        this.#catchUp = null;
        await writeCatchUp(db, { coming: [], unframed: [] });
        return;
      default: {
        const never: never = step;
        return never;
      }
    }
  }

  /** Steps committed: the load's first part, and then the catch-up's last, are in. */
  written(steps: readonly SyncStep[]): void {
    if (steps.some((step) => step.type === "snapshots" || step.type === "snapshot")) markLoadStep("first-part-written");
    if (this.#catchUp?.coming.length === 0) markLoadStep("snapshots-written");
  }

  /** What the screens may say of the parts' scopes changes with their rows, in the same transaction. */
  #writeSnapshots(parts: readonly SnapshotMessage[]): Promise<void> {
    return replicaTransaction(this.#db, async () => {
      await applySnapshots(this.#db, parts);
      await this.#progress(parts);
    });
  }

  /** A catch-up's scopes got their few rows, or all of them: written with the parts. */
  async #progress(parts: readonly SnapshotMessage[]): Promise<void> {
    const next = this.#catchUp && catchUpAfter(this.#catchUp, parts);
    if (!next) return;
    this.#catchUp = next;
    await writeCatchUp(this.#db, next);
  }
}
