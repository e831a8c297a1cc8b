import { Badge, Tooltip } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { useSnapshot } from "valtio";
import { useReplica } from "../../replica/replica-provider.tsx";
import { storageNotices } from "../../replica/storage/storage-notice-state.ts";
import { connection } from "../../state/connection-state.ts";

function pendingText(count: number): string {
  return count === 1 ? "1 change waiting to be saved" : `${count} changes waiting to be saved`;
}

/**
 * The server answered but will not sync with a page from this address: waiting would never help,
 * so the badge says so in words, with the server's reason and what to do.
 */
function RefusedBadge({ reason }: { reason: string | null }) {
  const detail = `${reason ?? "This server does not accept pages from this address"}. Open Hirestream at the address it is set up for (APP_URL), or have this address added to ALLOWED_ORIGINS. Changes you make are kept in this browser meanwhile.`;
  return (
    <Tooltip label={detail} multiline w={320}>
      <Badge color="red" variant="light" role="alert" aria-label={`Not syncing: this address is refused. ${detail}`}>
        Not syncing: this address is refused
      </Badge>
    </Tooltip>
  );
}

/** Syncing waits for disk space (storage/storage-guard.ts); the lasting notice says what to do. */
function NoSpaceBadge({ pending }: { pending: number }) {
  const detail = `This browser has no space left for the offline copy, so syncing waits. ${pending > 0 ? `${pendingText(pending)}; they are still sent to the server.` : "Changes you make are still sent to the server."}`;
  return (
    <Tooltip label={detail} multiline w={260}>
      <Badge color="orange" variant="light" role="status" aria-label={`Not syncing: no space. ${detail}`}>
        Not syncing: no space
        {pending > 0 ? ` · ${pending}` : ""}
      </Badge>
    </Tooltip>
  );
}

/** Says when the app works from this browser's copy and how many changes wait for the server. */
export function ConnectionIndicator() {
  const { db } = useReplica();
  const { online, sync, refusal } = useSnapshot(connection);
  const { notice } = useSnapshot(storageNotices);
  const pending = useLiveQuery(() => db.outbox.count(), [db]) ?? 0;
  if (online && sync === "refused") return <RefusedBadge reason={refusal} />;
  // The sync stops while the disk has no room for it: the network is fine, so "Offline" would be false.
  if (online && notice?.cause === "quota" && notice.phase === "waiting") return <NoSpaceBadge pending={pending} />;
  const offline = !online || sync === "offline" || sync === "refused";
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
