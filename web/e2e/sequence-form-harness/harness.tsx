// A page holding only the sequence form, on the app's own replica and outbox, for the browser test:
// the Sequences screen that opens it is built apart. Built by the test itself, never shipped.
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { Button, MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
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

function Harness({ workspaceId }: { workspaceId: string }) {
  const { db } = useReplica();
  const synced = useFirstSyncDone();
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    window.sequenceFormHarness = { db };
  }, [db]);
  if (!synced || !user) return <p>Syncing</p>;
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open New Sequence</Button>
      <SequenceFormModal workspaceId={workspaceId} mode="create" opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

const root = document.getElementById("root");
const uid = readCredentials()?.uid;
const workspaceId = new URLSearchParams(window.location.search).get("workspace");
if (!root || !uid || !workspaceId) throw new Error("the harness needs a session and ?workspace=");
createRoot(root).render(
  <StrictMode>
    <MantineProvider>
      <Notifications position="top-right" />
      <ReplicaProvider uid={uid}>
        <Harness workspaceId={workspaceId} />
      </ReplicaProvider>
    </MantineProvider>
  </StrictMode>,
);
