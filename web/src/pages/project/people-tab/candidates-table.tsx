import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Checkbox, Table } from "@mantine/core";
import { memo, type ReactNode } from "react";
import type { Candidate } from "../../../components/pipeline/pipeline-queries.ts";
import { useAfterRowsShown } from "../../../hooks/use-after-rows-shown.ts";
import { useRowsShown } from "../../../hooks/use-rows-shown.ts";
import { type CandidateHandlers, CandidateRow } from "./candidate-row.tsx";

interface CandidatesGridProps {
  candidates: readonly Candidate[];
  stages: readonly StageRow[];
  workspaceId: string;
  selection: { selected: ReadonlySet<string>; onTogglePage: () => void } | undefined;
  handlers: CandidateHandlers | undefined;
}

/**
 * One page of candidates; `handlers` is undefined in a read-only project. What the rows do not
 * show themselves, their menus and `footer` below them (the pager), follows them onto the page, as
 * the Talent Pool's do.
 */
export function CandidatesTable({ footer, ...grid }: CandidatesGridProps & { footer: ReactNode }) {
  const after = useAfterRowsShown(grid.candidates.length > 0);
  useRowsShown(grid.candidates.length);
  return (
    <>
      <CandidatesGrid {...grid} menusLater={!after} />
      {after && footer}
    </>
  );
}

/**
 * Memoized: the tab renders again whenever a count changes (and the pager with it), and the page's
 * rows keep their identity while they stay the same.
 */
const CandidatesGrid = memo(function CandidatesGrid({
  candidates,
  stages,
  workspaceId,
  selection,
  handlers,
  menusLater,
}: CandidatesGridProps & { menusLater: boolean }) {
  const onPage = selection ? candidates.filter((item) => selection.selected.has(item.candidacy.id)).length : 0;
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          {selection && (
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all candidates on this page"
                checked={candidates.length > 0 && onPage === candidates.length}
                indeterminate={onPage > 0 && onPage < candidates.length}
                onChange={selection.onTogglePage}
              />
            </Table.Th>
          )}
          <Table.Th>Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Title / Company</Table.Th>
          <Table.Th>Stage</Table.Th>
          <Table.Th>Response</Table.Th>
          {/* The list's order, said where the columns are named: newest added first, then by id. */}
          <Table.Th aria-sort="descending" title="Newest first">
            Added ↓
          </Table.Th>
          {handlers && <Table.Th aria-label="Actions" w={48} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {candidates.map((candidate) => (
          <CandidateRow
            key={candidate.candidacy.id}
            candidate={candidate}
            stages={stages}
            workspaceId={workspaceId}
            selected={selection?.selected.has(candidate.candidacy.id) ?? false}
            handlers={handlers}
            menusLater={menusLater}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
});
