// A page holding only the sequence form, on the app's own replica and outbox, for the browser test:
// the Sequences screen that opens it is built apart. Built by the test itself, never shipped.
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { Button, MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useLiveQuery } from "dexie-react-hooks";
import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { readCredentials } from "../../src/api/session-credentials.ts";
import { SequenceFormModal } from "../../src/components/sequences/sequence-form-modal.tsx";
import { useCurrentUser } from "../../src/hooks/use-current-user.ts";
import { useFirstSyncDone } from "../../src/hooks/use-first-sync-done.ts";
import type { ReplicaDb } from "../../src/replica/replica-db.ts";
import { ReplicaProvider, useReplica } from "../../src/replica/replica-provider.tsx";

declare global {
  interface Window {
    /** The page's replica, for the test to fill and read. */
    sequenceFormHarness?: { db: ReplicaDb };
  }
}

type Mode = "create" | "edit" | "view";

/** Opens the form in the mode the URL names (`?mode=edit&sequence={id}`), New Sequence by default. */
function Harness({ workspaceId, mode, sequenceId }: { workspaceId: string; mode: Mode; sequenceId: string }) {
  const { db } = useReplica();
  const synced = useFirstSyncDone();
  const user = useCurrentUser();
  const sequence = useLiveQuery(() => db.sequences.get(sequenceId), [db, sequenceId]);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    window.sequenceFormHarness = { db };
  }, [db]);
  if (!synced || !user) return <p>Syncing</p>;
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open the sequence form</Button>
      <SequenceFormModal
        workspaceId={workspaceId}
        mode={mode}
        {...(sequence ? { sequence } : {})}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

const modes: readonly Mode[] = ["create", "edit", "view"];

const root = document.getElementById("root");
const uid = readCredentials()?.uid;
const query = new URLSearchParams(window.location.search);
const workspaceId = query.get("workspace");
const mode = modes.find((known) => known === query.get("mode")) ?? "create";
if (!root || !uid || !workspaceId) throw new Error("the harness needs a session and ?workspace=");
createRoot(root).render(
  <StrictMode>
    <MantineProvider>
      <Notifications position="top-right" />
      <ReplicaProvider uid={uid}>
        <Harness workspaceId={workspaceId} mode={mode} sequenceId={query.get("sequence") ?? ""} />
      </ReplicaProvider>
    </MantineProvider>
  </StrictMode>,
);
