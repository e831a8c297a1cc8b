import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { Anchor, Badge, Group, Table, Text, ThemeIcon } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import {
  type SequenceAction,
  type SequenceViewer,
  sequenceActions,
  sequenceSummary,
} from "../../components/sequences/sequence-list.ts";
import type { ShownSequence } from "../../components/sequences/use-sequences.ts";
import { CountedNames } from "./counted-names.tsx";
import { SequenceRowMenu } from "./sequence-row-menu.tsx";

interface SequenceTableProps {
  sequences: readonly ShownSequence[];
  credentialsById: ReadonlyMap<string, CredentialRow>;
  viewer: SequenceViewer;
  onOpen: (sequence: ShownSequence) => void;
  onAction: (action: SequenceAction, sequence: ShownSequence) => void;
}

function WriteIcon({ write }: { write: boolean }) {
  return write ? (
    <ThemeIcon radius="xl" size="sm" color="teal" variant="light" role="img" aria-label="Write: yes">
      <IconCheck size={14} aria-hidden="true" />
    </ThemeIcon>
  ) : (
    <ThemeIcon radius="xl" size="sm" color="gray" variant="light" role="img" aria-label="Write: no">
      <IconX size={14} aria-hidden="true" />
    </ThemeIcon>
  );
}

/** One row per sequence: name (opens the read-only view), badge, Write, steps, credentials, variables, menu. */
export function SequenceTable({ sequences, credentialsById, viewer, onOpen, onAction }: SequenceTableProps) {
  return (
    <Table verticalSpacing="sm" layout="fixed" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th w={80} ta="center">
            Write
          </Table.Th>
          <Table.Th w={80} ta="center">
            Steps
          </Table.Th>
          <Table.Th w={110} ta="center">
            Credentials
          </Table.Th>
          <Table.Th w={100} ta="center">
            Variables
          </Table.Th>
          <Table.Th w={56} aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sequences.map((sequence) => {
          const summary = sequenceSummary(sequence, credentialsById);
          return (
            <Table.Tr key={sequence.id} data-pending={sequence._pending > 0 || undefined}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component="button" type="button" fw={500} truncate onClick={() => onOpen(sequence)}>
                    {sequence.name}
                  </Anchor>
                  {summary.emptyProviders > 0 && (
                    <Badge size="sm" color="orange" variant="light" tt="none">
                      Credencial missing
                    </Badge>
                  )}
                  {sequence._pending > 0 && (
                    <Badge size="xs" variant="light" color="yellow" title="Not saved on the server yet">
                      Pending
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group justify="center">
                  <WriteIcon write={sequence.has_write} />
                </Group>
              </Table.Td>
              <Table.Td ta="center">
                <Text aria-label={`${summary.steps} steps`}>{summary.steps}</Text>
              </Table.Td>
              <Table.Td>
                <Group justify="center">
                  <CountedNames names={summary.providerNames} what="credentials" />
                </Group>
              </Table.Td>
              <Table.Td>
                <Group justify="center">
                  <CountedNames names={summary.variableNames} what="variables" />
                </Group>
              </Table.Td>
              <Table.Td>
                <SequenceRowMenu
                  name={sequence.name}
                  actions={sequenceActions(sequence, viewer)}
                  onAction={(action) => onAction(action, sequence)}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
