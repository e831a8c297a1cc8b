import { Anchor, Group } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { credentialLinkLabel } from "../../components/sequences/sequence-list.ts";

/** The workspace's Integrations screen, in a new tab, so a sequence being written is not lost. */
export function CredentialsLink({ workspaceId, credentialCount }: { workspaceId: string; credentialCount: number }) {
  return (
    <Anchor href={`/workspaces/${workspaceId}/integrations`} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        {credentialLinkLabel(credentialCount)}
        <IconExternalLink size={14} aria-hidden="true" />
      </Group>
    </Anchor>
  );
}
