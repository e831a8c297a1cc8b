// What the Sequences screen shows of each sequence (spec §2, Sequences list), worked out from
// replica rows: the sequence and the workspace's credentials.

import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { compareNatural } from "../natural-order.ts";
import { variablesInUse } from "./sequence-variables.ts";

export type SequenceAction = "edit" | "remove" | "test";

/** The signed-in user as the Sequences screen asks about them. */
export interface SequenceViewer {
  role: WorkspaceRole | null;
  userId: string;
}

/** One row's counts (spec §3 "Credentials summary per sequence"), its variables and its badge. */
export interface SequenceSummary {
  steps: number;
  /** The distinct credentials its steps send from, by name, as the workspace holds them. */
  providerNames: string[];
  /** Steps with no credential, or one the workspace no longer has: 'Credencial missing'. */
  emptyProviders: number;
  variableNames: string[];
}

export function sequenceSummary(
  sequence: Pick<SequenceRow, "steps" | "payload_fields">,
  credentialsById: ReadonlyMap<string, Pick<CredentialRow, "name">>,
): SequenceSummary {
  const used = new Set<string>();
  let emptyProviders = 0;
  for (const step of sequence.steps) {
    const credential = step.provider_id === null ? undefined : credentialsById.get(step.provider_id);
    if (credential === undefined || step.provider_id === null) emptyProviders += 1;
    else used.add(step.provider_id);
  }
  const providerNames = [...used].flatMap((id) => credentialsById.get(id)?.name ?? []).sort(compareNatural);
  return {
    steps: sequence.steps.length,
    providerNames,
    emptyProviders,
    variableNames: variablesInUse(sequence.payload_fields).map((variable) => variable.name),
  };
}

export function sortSequences<R extends { name: string }>(sequences: readonly R[]): R[] {
  return [...sequences].sort((a, b) => compareNatural(a.name, b.name));
}

/** Spec §6: owners, managers and collaborators create sequences; a viewer modifies nothing. */
export function canCreateSequences(role: WorkspaceRole | null): boolean {
  return role !== null && mayInWorkspace(role, "sequences.create");
}

/** As workflow templates: owners and managers manage every sequence, a collaborator those they created. */
export function mayManageSequence(sequence: Pick<SequenceRow, "user_id">, viewer: SequenceViewer): boolean {
  const { role, userId } = viewer;
  if (!canCreateSequences(role) || role === null) return false;
  return mayInWorkspace(role, "sequences.manage") || sequence.user_id === userId;
}

/**
 * The row's config menu: Edit and Remove for those who manage the sequence; Test (it writes
 * nothing, and sends only to the tester's own address) for anyone who may work with sequences.
 */
export function sequenceActions(sequence: Pick<SequenceRow, "user_id">, viewer: SequenceViewer): SequenceAction[] {
  const manage: SequenceAction[] = mayManageSequence(sequence, viewer) ? ["edit", "remove"] : [];
  return canCreateSequences(viewer.role) ? [...manage, "test"] : manage;
}

/** Spec §2: the Integrations link says New Credential until the workspace has one. */
export function credentialLinkLabel(credentialCount: number): string {
  return credentialCount === 0 ? "New Credential" : "Add New Credentials";
}

/**
 * Whether the screen may show what the replica holds. Before the first sync an empty table means
 * "not here yet": showing it would be a false empty state, or a wrong New Credential label.
 */
export function sequencesScreenReady(state: {
  synced: boolean | undefined;
  workspaceHeld: boolean;
  sequences: number;
  credentials: number;
}): boolean {
  if (state.synced) return true;
  return state.workspaceHeld && state.sequences > 0 && state.credentials > 0;
}
