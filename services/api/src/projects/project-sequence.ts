import { DomainError } from "@hirestream/contracts/errors.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import type { OwnSequence } from "@hirestream/contracts/projects/events.ts";
import {
  parseTemplateSequence,
  pointerInRelationship,
  projectSequenceMessages,
  projectSequenceRelationship,
  SEQUENCE_RELATIONSHIP,
} from "@hirestream/contracts/projects/project-sequence.ts";
import { type CreateSequenceAttributes, sequenceMessages } from "@hirestream/contracts/sequences/commands.ts";
import type { SequenceState } from "@hirestream/domain/sequence/sequence.decider.ts";
import { templateSequenceOf, type WorkflowTemplate } from "@hirestream/domain/workflow/workflow-copy.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { z } from "zod";
import type { Deps } from "../deps.ts";
import { RequestError, validationErrors } from "../http/errors.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import { currentSequence, newStepIds, runSequenceCommand, sequenceStream } from "../sequences/sequence-commands.ts";
import { checkStepCredentials } from "../sequences/sequence-credentials.ts";
import { sequenceDocuments, writtenSequence } from "../sequences/sequence-queries.ts";
import { createdBy } from "./project-commands.ts";

/**
 * What a new project does with its template's sequence: nothing asked (the copy starts the
 * template's sequences), the template's own (Use Template Sequence, the same), or the recruiter's
 * edited copy (Edit Template Sequence), made as a new sequence that the project's copy starts instead.
 */
export type TemplateSequenceChoice =
  | { kind: "none" }
  | { kind: "template"; sequenceId: string }
  | { kind: "edited"; ownSequence: OwnSequence; attributes: CreateSequenceAttributes };

const withRelationships = z.object({
  data: z.object({ relationships: z.object({ sequence: z.unknown() }).loose().optional() }).loose(),
});

/** The sequence relationship a document body carries, if any; the flat body carries none. */
export function sequenceRelationshipIn(body: unknown) {
  const sent = withRelationships.safeParse(body).data?.data.relationships?.sequence;
  if (sent === undefined) return undefined;
  const parsed = projectSequenceRelationship.safeParse(sent, { reportInput: true });
  if (!parsed.success) throw new RequestError(validationErrors(parsed.error, SEQUENCE_RELATIONSHIP));
  return parsed.data.data;
}

/**
 * The choice the body makes, checked against the template before anything is appended: a
 * sequence relationship needs a template whose stages start one, and names that very sequence or
 * brings the attributes of its edited copy.
 */
export function templateSequenceChoice(
  sent: ReturnType<typeof sequenceRelationshipIn>,
  workspaceId: string,
  template: WorkflowTemplate | null,
  commandId: string,
): TemplateSequenceChoice {
  if (!sent) return { kind: "none" };
  const replaces = template && templateSequenceOf(template.stages);
  if (!replaces) throw new DomainError("VALIDATION", projectSequenceMessages.noTemplateSequence, SEQUENCE_RELATIONSHIP);
  const idPointer = `${SEQUENCE_RELATIONSHIP}/data/id`;
  if (sent.attributes === undefined) {
    if (sent.id === undefined) throw new DomainError("VALIDATION", messages.required, idPointer);
    if (sent.id !== replaces)
      throw new DomainError("VALIDATION", projectSequenceMessages.notTheTemplateSequence, idPointer);
    return { kind: "template", sequenceId: replaces };
  }
  const parsed = parseTemplateSequence(sent.attributes);
  if (!parsed.success) {
    throw new RequestError(validationErrors(parsed.error, `${SEQUENCE_RELATIONSHIP}/data/attributes`));
  }
  if (parsed.data.workspace_id !== undefined && parsed.data.workspace_id !== workspaceId) {
    const pointer = `${SEQUENCE_RELATIONSHIP}/data/attributes/workspace_id`;
    throw new DomainError("VALIDATION", sequenceMessages.notThisWorkspace, pointer);
  }
  if (sent.id !== undefined && parsed.data.id !== undefined && sent.id !== parsed.data.id) {
    throw new DomainError("VALIDATION", "must be the relationship's id", `${SEQUENCE_RELATIONSHIP}/data/attributes/id`);
  }
  // Derived from the command id, so a request repeated with its Idempotency-Key names the same sequence.
  const sequenceId = sent.id ?? parsed.data.id ?? scopedId(commandId, "template-sequence");
  return { kind: "edited", ownSequence: { replaces, sequenceId }, attributes: parsed.data };
}

/** The sequence's own command id, so its events' ids differ from the project's for one request. */
const sequenceCommandId = (commandId: string) => scopedId(commandId, "template-sequence-command");

/**
 * Makes the project's own sequence by the rules of POST …/sequences (the same checks, words and
 * events), its refusals pointing into the relationship.
 */
export async function createOwnSequence(
  deps: Deps,
  workspaceId: string,
  choice: Extract<TemplateSequenceChoice, { kind: "edited" }>,
  commandId: string,
  actorId: string,
) {
  const { attributes } = choice;
  const { sequenceId } = choice.ownSequence;
  const id = sequenceCommandId(commandId);
  // A retry of a request cut short after the sequence was made goes on with that sequence.
  const made = await createdBy(deps, sequenceStream(sequenceId), id);
  if (made) return { state: await currentSequence(deps, sequenceId), position: made.position };
  return inRelationship(async () => {
    await checkStepCredentials(deps, workspaceId, attributes.steps);
    return runSequenceCommand(
      deps,
      workspaceId,
      sequenceId,
      {
        type: "CreateSequence",
        data: { sequenceId, workspaceId, attributes, newStepIds: newStepIds(id, attributes.steps.length) },
      },
      id,
      actorId,
    );
  });
}

/**
 * The created project's answer with its sequence: named in `relationships.sequence`, and, when it
 * is the project's own, in `included` with its steps.
 */
export async function withSequence<D extends { data: ResourceObject | null }>(
  deps: Deps,
  document: D,
  choice: TemplateSequenceChoice,
  own: SequenceState | undefined,
) {
  if (choice.kind === "none" || !document.data) return document;
  const sequenceId = choice.kind === "edited" ? choice.ownSequence.sequenceId : choice.sequenceId;
  const relationships = { ...document.data.relationships, sequence: { data: { type: "sequence", id: sequenceId } } };
  const data = { ...document.data, relationships };
  const written = own && writtenSequence(own);
  if (!written) return { ...document, data };
  const { data: sequences, included } = await sequenceDocuments(deps, [written]);
  return { ...document, data, included: [...sequences, ...included] };
}

async function inRelationship<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.pointer?.startsWith("/data/attributes")) {
      throw new DomainError(error.code, error.message, pointerInRelationship(error.pointer));
    }
    throw error;
  }
}
