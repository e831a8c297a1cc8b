import type { SequenceListQuery } from "@hirestream/contracts/sequences/commands.ts";
import type { SequenceRow, StepRow } from "@hirestream/contracts/sequences/rows.ts";
import { contentOf } from "@hirestream/contracts/sequences/sequence-content.ts";
import type { SequenceState } from "@hirestream/domain/sequence/sequence.decider.ts";
import { sql } from "kysely";
import type { Deps } from "../deps.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import type { PathWorkspace } from "../projects/project-path.ts";
import { credentialsOf, type StepCredential } from "./sequence-credentials.ts";

/** A sequence as documents show it; a write's answer has no timestamps (read models have not caught up). */
type SequenceView = Omit<SequenceRow, "created_at" | "updated_at"> & { created_at?: Date; updated_at?: Date };

type Credentials = ReadonlyMap<string, StepCredential>;

/**
 * A sequence and its steps: the steps travel as `step` items in `included`. meta.credentials
 * (spec §3): the distinct credentials the steps send with, their names, and how many steps have none.
 */
export function sequenceDocumentParts(
  sequence: SequenceView,
  credentials: Credentials = new Map(),
): { resource: ResourceObject; steps: ResourceObject[] } {
  const steps = [...sequence.steps].sort((a, b) => a.position - b.position);
  const providerIds = [...new Set(steps.flatMap((step) => (step.provider_id ? [step.provider_id] : [])))];
  return {
    resource: {
      id: sequence.id,
      type: "sequence",
      attributes: {
        name: sequence.name,
        description: sequence.description,
        has_review: sequence.has_review,
        has_write: sequence.has_write,
        allow_send_weekend: sequence.allow_send_weekend,
        allow_send_holiday: sequence.allow_send_holiday,
        track_opens: sequence.track_opens,
        holiday_country: sequence.holiday_country,
        timezone: sequence.timezone,
        payload_fields: sequence.payload_fields,
        workspace_id: sequence.workspace_id,
        user_id: sequence.user_id,
        ...(sequence.created_at ? { created_at: sequence.created_at.toISOString() } : {}),
        ...(sequence.updated_at ? { updated_at: sequence.updated_at.toISOString() } : {}),
      },
      relationships: { steps: { data: steps.map((step) => ({ id: step.id, type: "step" })) } },
      meta: {
        credentials: {
          count: providerIds.length,
          provider_names: providerIds.flatMap((id) => {
            const credential = credentials.get(id);
            return credential ? [credential.name] : [];
          }),
          empty_providers: steps.filter((step) => step.provider_id === null).length,
        },
      },
    },
    steps: steps.map((step) => stepResource(step, sequence.id, credentials)),
  };
}

function stepResource(step: StepRow, sequenceId: string, credentials: Credentials): ResourceObject {
  const credential = step.provider_id ? credentials.get(step.provider_id) : undefined;
  return {
    id: step.id,
    type: "step",
    attributes: {
      position: step.position,
      type: step.type,
      name: step.name,
      delay: step.delay,
      template_subject: step.template_subject,
      template_body: step.template_body,
      default_fields: step.default_fields,
      custom_fields: step.custom_fields,
      provider_id: step.provider_id,
      provider_type: credential?.providerType ?? null,
      provider_name: credential?.name ?? null,
      credential: credential?.name ?? null,
      credential_email: credential?.email ?? null,
      from: step.from,
      has_provider_signature: step.has_provider_signature,
      workday_start: step.workday_start,
      workday_end: step.workday_end,
      sequence_id: sequenceId,
    },
  };
}

/** Documents for sequences, with what their steps' credentials show. */
export async function sequenceDocuments(deps: Deps, sequences: SequenceView[]) {
  const credentials = new Map<string, StepCredential>();
  const idsByWorkspace = new Map<string, Set<string>>();
  for (const sequence of sequences) {
    const ids = idsByWorkspace.get(sequence.workspace_id) ?? new Set<string>();
    for (const step of sequence.steps) if (step.provider_id) ids.add(step.provider_id);
    idsByWorkspace.set(sequence.workspace_id, ids);
  }
  for (const [workspaceId, ids] of idsByWorkspace) {
    for (const [id, credential] of await credentialsOf(deps, workspaceId, [...ids])) credentials.set(id, credential);
  }
  const parts = sequences.map((sequence) => sequenceDocumentParts(sequence, credentials));
  return { data: parts.map((part) => part.resource), included: parts.flatMap((part) => part.steps) };
}

/** What a write answers: the sequence as the command left it, before read models catch up. */
export function writtenSequence(state: SequenceState): SequenceView | null {
  if (state.status !== "active") return null;
  return { ...contentOf(state.sequence), user_id: state.userId };
}

export function findSequence(deps: Deps, workspaceId: string, sequenceId: string) {
  return deps.db
    .selectFrom("read.sequences")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", sequenceId)
    .executeTakeFirst();
}

/**
 * A workspace's sequences (every workspace of the user's for `me`), newest first: the one just
 * written heads the list it was written from. The caller has checked the user belongs to a named workspace.
 */
export async function listSequences(deps: Deps, userId: string, workspaceId: PathWorkspace, query: SequenceListQuery) {
  const filtered = deps.db
    .selectFrom("read.sequences as s")
    .where((eb) =>
      workspaceId === "me"
        ? eb(
            "s.workspace_id",
            "in",
            eb.selectFrom("read.workspace_members as m").select("m.workspace_id").where("m.user_id", "=", userId),
          )
        : eb("s.workspace_id", "=", workspaceId),
    );
  const rows = await filtered
    .selectAll("s")
    .select(sql<string>`count(*) over ()`.as("total"))
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  if (rows[0]) return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0].total) };
  const counted = await filtered.select(sql<string>`count(*)`.as("count")).executeTakeFirst();
  return { rows: [], total: Number(counted?.count ?? 0) };
}

/** What a stage shows of the sequence it starts (spec §3 Stage): its name and whether it has review. */
export interface StageSequence {
  workspaceId: string;
  name: string;
  hasReview: boolean;
}

export async function stageSequences(deps: Deps, sequenceIds: readonly string[]) {
  const ids = [...new Set(sequenceIds)];
  if (ids.length === 0) return new Map<string, StageSequence>();
  const rows = await deps.db
    .selectFrom("read.sequences")
    .select(["id", "workspace_id", "name", "has_review"])
    .where("id", "in", ids)
    .execute();
  return new Map(
    rows.map((row) => [row.id, { workspaceId: row.workspace_id, name: row.name, hasReview: row.has_review }]),
  );
}
