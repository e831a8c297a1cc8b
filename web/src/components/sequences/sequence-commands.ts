// The sequence writes of the browser, as outbox commands: what is sent and what shows at once.
import { createSequenceAttributes, updateSequenceAttributes } from "@hirestream/contracts/sequences/commands.ts";
import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import type { z } from "zod";
import type { Command } from "../../replica/outbox.ts";
import { sequenceAttributesOf, sequenceRowOf } from "./sequence-body.ts";
import type { SequenceDraft } from "./sequence-draft.ts";

const sequencesPath = (workspaceId: string) => `/workspaces/${workspaceId}/sequences`;

/** The body as the contract reads it; a refusal names each field in the words the server would use. */
function checked<S extends z.ZodType>(schema: S, attributes: unknown): z.output<S> {
  const parsed = schema.safeParse(attributes);
  if (parsed.success) return parsed.data;
  throw new Error(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; "));
}

export interface NewSequence {
  id: string;
  workspaceId: string;
  userId: string;
  draft: SequenceDraft;
  now: Date;
}

/**
 * New Sequence under ids chosen here (the sequence's and each step's), so that it shows in the list
 * at once and the server's row replaces it unchanged. The body is checked against the contract
 * before it is queued: a draft the server would refuse throws here instead.
 */
export function createSequence(input: NewSequence): Command {
  const at = input.now.toISOString();
  const attributes = checked(createSequenceAttributes, sequenceAttributesOf(input.draft, input.workspaceId));
  const row = sequenceRowOf(input.draft, {
    id: input.id,
    workspaceId: input.workspaceId,
    userId: input.userId,
    createdAt: at,
    updatedAt: at,
  });
  return {
    method: "POST",
    path: sequencesPath(input.workspaceId),
    body: { data: { type: "sequences", id: input.id, attributes } },
    optimistic: [{ table: "sequences", id: input.id, next: row }],
  };
}

/** A row as a screen holds it: maybe with the replica's bookkeeping, which is not the server's to see. */
type Shown<R> = R & { scopes?: string[]; _pending?: number };

/** Edit Sequence sends the whole sequence, each step with its id (spec §7: "same plus id"). */
export function updateSequence(row: Shown<SequenceRow>, draft: SequenceDraft, now: Date): Command {
  const attributes = checked(updateSequenceAttributes, {
    ...sequenceAttributesOf(draft, row.workspace_id),
    id: row.id,
  });
  const next = sequenceRowOf(draft, {
    id: row.id,
    workspaceId: row.workspace_id,
    userId: row.user_id,
    createdAt: row.created_at,
    updatedAt: now.toISOString(),
  });
  return {
    method: "PUT",
    path: `${sequencesPath(row.workspace_id)}/${row.id}`,
    body: { data: { type: "sequences", id: row.id, attributes } },
    optimistic: [{ table: "sequences", id: row.id, next }],
  };
}
