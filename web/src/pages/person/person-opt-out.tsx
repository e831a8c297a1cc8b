import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import { Alert, Box, Button, Group, Text } from "@mantine/core";
import { IconMailOff } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { ConfirmDialog } from "../../components/dialogs/confirm-dialog.tsx";
import type { PersonListRow } from "../../components/people/use-people.ts";
import { useWorkspaceRole } from "../../components/workflows/use-workflows.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { clearOptOut, optOutMarkIn, optOutSourceWords } from "./person-opt-out.ts";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * The person asked to hear no more: no sequence of this workspace mails them until one of its
 * members (not a viewer) clears it here, for this workspace alone.
 */
export function PersonOptOut({ person, workspaceId }: { person: PersonListRow; workspaceId: string }) {
  const runtime = useReplica();
  const user = useCurrentUser();
  const role = useWorkspaceRole(workspaceId, user?.id);
  const [confirming, setConfirming] = useState(false);
  const mark = useLiveQuery(
    () => optOutMarkIn(runtime.db, person, workspaceId),
    [runtime.db, person.opted_out_at, person.opted_out_address, person.opt_out_source, workspaceId],
  );
  if (!mark) return null;
  const mayClear = role !== null && role !== undefined && mayInWorkspace(role, "people.edit");
  return (
    <Box component="section" aria-label="Opted out">
      <Alert color="red" variant="light" icon={<IconMailOff size={18} aria-hidden="true" />} title="Opted out">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text size="sm">
            {mark.address} opted out {optOutSourceWords[mark.source]} on {dateFormat.format(new Date(mark.at))}. No
            sequence sends to this address until a member of the workspace clears it.
          </Text>
          {mayClear && user && (
            <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
              Clear opt-out
            </Button>
          )}
        </Group>
        {user && (
          <ConfirmDialog
            opened={confirming}
            title="Clear opt-out"
            message="Sequences of this workspace will mail this address again. Clear it only if the candidate asked to hear from you."
            confirmLabel="Clear opt-out"
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void runtime.mutate(clearOptOut(mark, { workspaceId, personId: person.id, userId: user.id }, new Date()));
            }}
          />
        )}
      </Alert>
    </Box>
  );
}
