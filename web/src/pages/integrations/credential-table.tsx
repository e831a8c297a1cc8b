import type { ProviderType } from "@hirestream/contracts/credentials/rows.ts";
import { ActionIcon, Badge, Group, Menu, Table, Text, Tooltip } from "@mantine/core";
import { IconBrandGoogle, IconBrandWindows, IconDeviceDesktop, IconMail, IconRefresh } from "@tabler/icons-react";
import type { ShownCredential } from "../../components/credentials/credential-commands.ts";
import { providerLabels, shownAliases, shownName } from "../../components/credentials/credential-list.ts";
import { reconnectable } from "../../components/credentials/mailbox-connect.ts";
import { RowMenu } from "../../components/row-menu.tsx";

export type CredentialAction = "aliases" | "remove" | "test" | "reconnect";

const icons: Record<ProviderType, typeof IconMail> = {
  google_oauth2: IconBrandGoogle,
  microsoft_graph_auth: IconBrandWindows,
  smtp: IconMail,
  local: IconDeviceDesktop,
};
const healthColors = { Tested: "teal", Pending: "gray", Error: "red" } as const;

/** Spec §2: name, provider icon, aliases, health, and on Error the failure and a reconnect icon. */
export function CredentialTable({
  credentials,
  canManage,
  onAction,
}: {
  credentials: readonly ShownCredential[];
  canManage: boolean;
  onAction: (action: CredentialAction, credential: ShownCredential) => void;
}) {
  return (
    <Table verticalSpacing="sm" aria-label="Credentials">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Provider</Table.Th>
          <Table.Th>Aliases</Table.Th>
          <Table.Th>Health</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {credentials.map((credential) => {
          const Icon = icons[credential.provider_type];
          const label = providerLabels[credential.provider_type];
          return (
            <Table.Tr key={credential.id} data-credential={credential.email}>
              <Table.Td>
                <Text fw={500}>{shownName(credential)}</Text>
                <Text size="sm" c="dimmed">
                  {credential.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <Icon size={18} aria-hidden="true" />
                  <Text size="sm">{label}</Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="aliases">
                  {shownAliases(credential)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge color={healthColors[credential.health]} variant="light" data-testid="health">
                    {credential.health}
                  </Badge>
                  {credential.health === "Error" &&
                    (canManage && reconnectable(credential) ? (
                      // A Google or Microsoft mailbox signs in again with its provider.
                      <Tooltip label="Reconnect">
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={`Reconnect ${shownName(credential)}`}
                          onClick={() => onAction("reconnect", credential)}
                        >
                          <IconRefresh size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : (
                      <Tooltip label="Reconnect">
                        <IconRefresh size={16} aria-label="Reconnect" />
                      </Tooltip>
                    ))}
                </Group>
                {credential.health === "Error" && credential.fail_message && (
                  <Text size="xs" c="red" mt={4} data-testid="fail-message">
                    {credential.fail_message}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {canManage && (
                  <RowMenu name={shownName(credential)}>
                    <Menu.Item onClick={() => onAction("aliases", credential)}>Add Alias</Menu.Item>
                    <Menu.Item color="red" onClick={() => onAction("remove", credential)}>
                      Remove
                    </Menu.Item>
                    <Menu.Item onClick={() => onAction("test", credential)}>Test</Menu.Item>
                  </RowMenu>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
