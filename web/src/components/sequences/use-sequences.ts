// The Sequences screen reads live from the replica; each hook answers undefined while its first read runs.
import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import type { Stored } from "../../replica/replica-db.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import type { SequenceOption } from "../workflows/stage-editor.tsx";
import { sortSequences } from "./sequence-list.ts";

export type ShownSequence = Stored<SequenceRow>;
export type ShownCredential = Stored<CredentialRow>;

/** The workspace's sequences, by name. */
export function useWorkspaceSequences(workspaceId: string): ShownSequence[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(
    async () => sortSequences(await db.sequences.where("workspace_id").equals(workspaceId).toArray()),
    [db, workspaceId],
  );
}

export function useWorkspaceCredentials(workspaceId: string): ShownCredential[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(() => db.credentials.where("workspace_id").equals(workspaceId).toArray(), [db, workspaceId]);
}

const noOptions: readonly SequenceOption[] = [];

/** What a stage may start: the workspace's sequences by name (none while the first read runs). */
export function useSequenceOptions(workspaceId: string): readonly SequenceOption[] {
  const sequences = useWorkspaceSequences(workspaceId);
  return sequences?.map((sequence) => ({ value: sequence.id, label: sequence.name })) ?? noOptions;
}
