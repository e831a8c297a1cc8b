/** No candidacy is in a running sequence: sequence processors do not reach the replica yet. */
const none: ReadonlySet<string> = new Set();

/**
 * The candidacies of the project with a sequence running (spec §2: moving one stops it, after
 * confirmation). Sequence processors are not mirrored yet, so none are known and no move asks.
 */
export function useActiveSequences(_projectId: string): ReadonlySet<string> {
  return none;
}
