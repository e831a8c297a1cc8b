import type { CandidacyResponse } from "@hirestream/contracts/candidacies/events.ts";
import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Avatar, Checkbox, Group, Menu, Select, Table, Text } from "@mantine/core";
import { PendingBadge } from "../../../components/people/pending-badge.tsx";
import { httpUrl, personFullName, personInitials } from "../../../components/people/person-display.ts";
import { isCandidacyResponse, responseOptions } from "../../../components/pipeline/candidacy-responses.ts";
import type { Candidate } from "../../../components/pipeline/pipeline-queries.ts";
import { RouterAnchor } from "../../../components/router-anchor.tsx";
import { RowMenu } from "../../../components/row-menu.tsx";

/** What a row can do; absent in a read-only project (spec §6: no stage changes, no row menu). */
export interface CandidateActions {
  selected: boolean;
  onToggle: () => void;
  onMove: (stage: StageRow) => void;
  onRespond: (response: CandidacyResponse) => void;
  onEdit: () => void;
  onRemove: () => void;
}

/** "Title at Company", or whichever of the two is known. */
function roleText(title: string | null, company: string | null): string {
  if (title && company) return `${title} at ${company}`;
  return title ?? company ?? "";
}

export function candidateName({ candidacy, person }: Candidate): string {
  return person ? personFullName(person) : candidacy.person_id;
}

/** One candidate: who they are, the stage dropdown, the response and the row menu. */
export function CandidateRow({
  candidate,
  stages,
  workspaceId,
  actions,
}: {
  candidate: Candidate;
  stages: readonly StageRow[];
  workspaceId: string;
  actions: CandidateActions | undefined;
}) {
  const { candidacy, person } = candidate;
  const name = candidateName(candidate);
  const stageOptions = stages.map((stage) => ({ value: stage.id, label: stage.name }));
  return (
    <Table.Tr data-pending={candidacy._pending > 0 || undefined}>
      {actions && (
        <Table.Td>
          <Checkbox aria-label={`Select ${name}`} checked={actions.selected} onChange={actions.onToggle} />
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
        <Select
          aria-label={`Stage of ${name}`}
          data={stageOptions}
          value={stages.some((stage) => stage.id === candidacy.stage_id) ? candidacy.stage_id : null}
          placeholder={candidacy.status}
          onChange={(value) => {
            const stage = stages.find((each) => each.id === value);
            if (stage && actions) actions.onMove(stage);
          }}
          disabled={!actions}
          allowDeselect={false}
          w={180}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Response of ${name}`}
          data={responseOptions}
          value={candidacy.response}
          placeholder="Response"
          onChange={(value) => {
            if (isCandidacyResponse(value) && actions) actions.onRespond(value);
          }}
          disabled={!actions}
          allowDeselect={false}
          w={160}
        />
      </Table.Td>
      {actions && (
        <Table.Td>
          <RowMenu name={name}>
            <Menu.Item onClick={actions.onEdit} disabled={!person}>
              Edit
            </Menu.Item>
            <Menu.Item color="red" onClick={actions.onRemove}>
              Remove
            </Menu.Item>
          </RowMenu>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
