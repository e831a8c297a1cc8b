// The page is read again on every write to the project's pipeline and answers with fresh copies of
// its rows, even when only a count changed or a candidate off the page moved. Handing the table the
// rows it already holds lets React skip it, and each row that did not change.
import { dequal } from "dequal";
import type { Candidate } from "../../../components/pipeline/pipeline-queries.ts";

/**
 * `next`, with each candidate equal to the one of the same candidacy in `previous` replaced by
 * that one; `previous` itself when the page holds the same candidates, in the same order.
 */
export function keptRows(previous: Candidate[] | undefined, next: Candidate[]): Candidate[] {
  if (previous === undefined) return next;
  const before = new Map(previous.map((candidate) => [candidate.candidacy.id, candidate]));
  const kept = next.map((candidate) => {
    const held = before.get(candidate.candidacy.id);
    return held !== undefined && dequal(held, candidate) ? held : candidate;
  });
  const same = kept.length === previous.length && kept.every((candidate, index) => candidate === previous[index]);
  return same ? previous : kept;
}
