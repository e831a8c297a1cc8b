import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { countries } from "@hirestream/contracts/sequences/countries.ts";
import { timeZoneLabel } from "@hirestream/contracts/sequences/time-zones.ts";
import { Stack, Table, Text, Title } from "@mantine/core";
import type { SequenceDraft } from "./sequence-draft.ts";
import { delayLabel } from "./step-delay.ts";

interface SequenceReviewProps {
  draft: SequenceDraft;
  credentials: readonly CredentialRow[];
}

/** The Finish tab of New Sequence: what Confirm will create, read back before it is sent. */
export function SequenceReview({ draft, credentials }: SequenceReviewProps) {
  const region = countries.find(([code]) => code === draft.holiday_country)?.[1] ?? draft.holiday_country;
  const credentialName = (id: string | null) => credentials.find((row) => row.id === id)?.name ?? "";
  const facts: [string, string][] = [
    ["Name", draft.name.trim()],
    ["Description", draft.description.trim()],
    ["Messages Review", draft.has_review ? "Required" : "Not Required"],
    ["Region", region],
    ["Time zone", timeZoneLabel(draft.timezone) ?? draft.timezone],
    ["Send on weekends", draft.allow_send_weekend ? "Yes" : "No"],
    ["Send on holidays", draft.allow_send_holiday ? "Yes" : "No"],
    ["Track opens", draft.track_opens ? "Yes" : "No"],
    ["Custom variables", draft.customs.map((custom) => custom.name).join(", ")],
  ];
  return (
    <Stack gap="sm">
      <Table aria-label="Sequence" variant="vertical" withTableBorder>
        <Table.Tbody>
          {facts.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={180}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={5}>Steps</Title>
      <Table aria-label="Steps" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Step</Table.Th>
            <Table.Th>Delay</Table.Th>
            <Table.Th>Credential</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Subject</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.steps.map((step) => (
            <Table.Tr key={step.id}>
              <Table.Td>{step.name}</Table.Td>
              <Table.Td>{delayLabel(step.delay)}</Table.Td>
              <Table.Td>{credentialName(step.provider_id)}</Table.Td>
              <Table.Td>{step.from}</Table.Td>
              <Table.Td>{step.template_subject}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Confirm to create the sequence.
      </Text>
    </Stack>
  );
}
