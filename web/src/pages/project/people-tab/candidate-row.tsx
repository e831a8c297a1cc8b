import type { CandidacyResponse } from "@hirestream/contracts/candidacies/events.ts";
import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Avatar, Checkbox, Group, Menu, NativeSelect, Table, Text } from "@mantine/core";
import { dequal } from "dequal";
import { memo } from "react";
import { PendingBadge } from "../../../components/people/pending-badge.tsx";
import { httpUrl, personFullName, personInitials } from "../../../components/people/person-display.ts";
import { isCandidacyResponse, responseOptions } from "../../../components/pipeline/candidacy-responses.ts";
import type { Candidate } from "../../../components/pipeline/pipeline-queries.ts";
import { RouterAnchor } from "../../../components/router-anchor.tsx";
import { RowMenu } from "../../../components/row-menu.tsx";

/** When the candidate was added to the project, the list's order (spec §9: dates en-US). */
const addedOn = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * What a row can do, for any candidate; absent in a read-only project (spec §6: no stage changes,
 * no row menu). One object for every row, kept for the page's life: rows are memoized.
 */
export interface CandidateHandlers {
  toggle: (candidate: Candidate) => void;
  move: (candidate: Candidate, stage: StageRow) => void;
  respond: (candidate: Candidate, response: CandidacyResponse) => void;
  edit: (candidate: Candidate) => void;
  remove: (candidate: Candidate) => void;
}

/** "Title at Company", or whichever of the two is known. */
function roleText(title: string | null, company: string | null): string {
  if (title && company) return `${title} at ${company}`;
  return title ?? company ?? "";
}

export function candidateName({ candidacy, person }: Candidate): string {
  return person ? personFullName(person) : candidacy.person_id;
}

interface CandidateRowProps {
  candidate: Candidate;
  stages: readonly StageRow[];
  workspaceId: string;
  selected: boolean;
  handlers: CandidateHandlers | undefined;
  /** The page's first rows are going onto it: the row menu's button only (RowMenu's `later`). */
  menusLater?: boolean;
}

/**
 * One candidate: who they are, the stage dropdown, the response and the row menu. Rendered again
 * only when what it shows changes: the page is read anew on every write to the project's pipeline
 * (a busy project has many a second). The dropdowns are the browser's own: a closed Mantine
 * Select still renders its options and popover, two per row, on every change of the row.
 */
export const CandidateRow = memo(function CandidateRow({
  candidate,
  stages,
  workspaceId,
  selected,
  handlers,
  menusLater = false,
}: CandidateRowProps) {
  const { candidacy, person } = candidate;
  const name = candidateName(candidate);
  const stageOptions = stages.map((stage) => ({ value: stage.id, label: stage.name }));
  const inWorkflow = stages.some((stage) => stage.id === candidacy.stage_id);
  return (
    <Table.Tr data-pending={candidacy._pending > 0 || undefined}>
      {handlers && (
        <Table.Td>
          <Checkbox aria-label={`Select ${name}`} checked={selected} onChange={() => handlers.toggle(candidate)} />
        </Table.Td>
      )}
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={person ? httpUrl(person.avatar_url) : null} radius="xl" size="sm" alt="">
            {person ? personInitials(person) : "?"}
          </Avatar>
          <RouterAnchor href={`/workspaces/${workspaceId}/people/${candidacy.person_id}`} fw={500}>
            {name}
          </RouterAnchor>
          {candidacy._pending > 0 && <PendingBadge />}
        </Group>
      </Table.Td>
      <Table.Td>{person?.email}</Table.Td>
      <Table.Td>
        <Text size="sm">{person ? roleText(person.title, person.company) : ""}</Text>
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`Stage of ${name}`}
          data={inWorkflow ? stageOptions : [{ value: "", label: candidacy.status, disabled: true }, ...stageOptions]}
          value={inWorkflow ? candidacy.stage_id : ""}
          onChange={(event) => {
            const stage = stages.find((each) => each.id === event.currentTarget.value);
            if (stage && handlers) handlers.move(candidate, stage);
          }}
          disabled={!handlers}
          w={180}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`Response of ${name}`}
          data={
            candidacy.response
              ? responseOptions
              : [{ value: "", label: "Response", disabled: true }, ...responseOptions]
          }
          value={candidacy.response ?? ""}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isCandidacyResponse(value) && handlers) handlers.respond(candidate, value);
          }}
          disabled={!handlers}
          w={160}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {addedOn.format(new Date(candidacy.created_at))}
        </Text>
      </Table.Td>
      {handlers && (
        <Table.Td>
          <RowMenu name={name} later={menusLater}>
            <Menu.Item onClick={() => handlers.edit(candidate)} disabled={!person}>
              Edit
            </Menu.Item>
            <Menu.Item color="red" onClick={() => handlers.remove(candidate)}>
              Remove
            </Menu.Item>
          </RowMenu>
        </Table.Td>
      )}
    </Table.Tr>
  );
}, dequal);
