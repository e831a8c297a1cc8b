import { Badge, Tooltip } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { useSnapshot } from "valtio";
import { useReplica } from "../../replica/replica-provider.tsx";
import { connection } from "../../state/connection-state.ts";

function pendingText(count: number): string {
  return count === 1 ? "1 change waiting to be saved" : `${count} changes waiting to be saved`;
}

/** Says when the app works from this browser's copy and how many changes wait for the server. */
export function ConnectionIndicator() {
  const { db } = useReplica();
  const { online, sync } = useSnapshot(connection);
  const pending = useLiveQuery(() => db.outbox.count(), [db]) ?? 0;
  const offline = !online || sync === "offline";
  if (!offline && pending === 0) return null;
  const label = offline ? "Offline" : sync === "connecting" ? "Connecting" : "Saving";
  const detail = offline
    ? `Working from the copy in this browser. ${pending > 0 ? `${pendingText(pending)}; they are sent when the connection returns.` : "Changes you make are kept and sent when the connection returns."}`
    : pendingText(pending);
  return (
    <Tooltip label={detail} multiline w={260}>
      <Badge color={offline ? "gray" : "yellow"} variant="light" role="status" aria-label={`${label}. ${detail}`}>
        {label}
        {pending > 0 ? ` · ${pending}` : ""}
      </Badge>
    </Tooltip>
  );
}
