import { createHash } from "node:crypto";
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { IncomingKind } from "@hirestream/contracts/mailbox/message-rows.ts";
import type { EngineCommand } from "@hirestream/domain/processor/processor-engine.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { classifyInbound, type InboundMessage } from "@hirestream/outreach/inbound/classify-inbound.ts";
import type { Deps } from "../deps.ts";
import { recordOptOut } from "../opt-outs/opt-out-commands.ts";
import { engineContext, runProcessorCommand } from "../processors/processor-commands.ts";

/** A local credential of one of the user's workspaces (not as a viewer) that receives mail for one of `addresses`. */
async function receivingCredential(deps: Deps, userId: string, addresses: readonly string[]) {
  const wanted = new Set(addresses.map((address) => address.toLowerCase()));
  const credentials = await deps.db
    .selectFrom("read.credentials")
    .select(["id", "workspace_id", "email", "aliases"])
    .where("provider_type", "=", "local")
    // Delivered mail moves candidates on: a viewer, who changes nothing (spec §6), delivers none.
    .where("workspace_id", "in", (eb) =>
      eb
        .selectFrom("read.workspace_members")
        .select("workspace_id")
        .where("user_id", "=", userId)
        .where("role", "!=", "viewer"),
    )
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return credentials.find((credential) =>
    [credential.email, ...credential.aliases].some((address) => wanted.has(address.toLowerCase())),
  );
}

/**
 * The step the message answers, from the Message-IDs it names (the bounced message's own first, then
 * In-Reply-To, then References newest first) against the steps the workspace's runs sent.
 */
async function answeredStep(deps: Deps, workspaceId: string, mail: InboundMessage) {
  const named = [mail.bounce?.originalMessageId, mail.inReplyTo, ...[...mail.references].reverse()].filter(
    (id): id is string => id !== undefined && id !== "",
  );
  if (named.length === 0) return undefined;
  const sent = await deps.db
    .selectFrom("read.messages")
    .select(["processor_id", "position", "message_id", "to"])
    .where("type", "=", "Message::Out")
    .where("workspace_id", "=", workspaceId)
    .where("message_id", "in", named)
    .execute();
  for (const id of named) {
    const step = sent.find((row) => row.message_id === id);
    if (step) return step;
  }
  return undefined;
}

/** Mail without a Message-ID is named by its content, so that the same message delivered twice is still one. */
const messageIdOf = (mail: InboundMessage, raw: Buffer) =>
  mail.messageId ?? `<${createHash("sha256").update(raw).digest("hex")}@inbound.hirestream.local>`;

function engineCommand(mail: InboundMessage, messageId: string, to: string, receivedAt: string, position: number) {
  const inbound = {
    messageId,
    from: mail.from ?? "",
    to,
    subject: mail.subject,
    html: mail.html ?? mail.textAsHtml ?? "",
    ...(mail.inReplyTo === undefined ? {} : { inReplyTo: mail.inReplyTo }),
    receivedAt,
  };
  const kinds: Record<IncomingKind, () => EngineCommand> = {
    reply: () => ({ type: "RecordReply", data: inbound }),
    auto_reply: () => ({ type: "RecordAutoReply", data: inbound }),
    bounce: () => ({
      type: "RecordBounce",
      data: {
        ...inbound,
        position,
        reason: mail.bounce?.diagnostic ?? mail.subject,
        status: mail.bounce?.status ?? "",
      },
    }),
  };
  return kinds[mail.kind]();
}

/**
 * API.md's local mailbox inbound: one raw message delivered as if it had arrived in the local
 * mailbox of its `To` address, read by the one classifier every transport uses, and recorded on the
 * run whose step it answers (recordInbound).
 */
export async function receiveLocalMail(deps: Deps, userId: string, raw: Buffer) {
  const mail = await classifyInbound(raw);
  const credential = await receivingCredential(deps, userId, mail.to);
  if (!credential)
    throw new DomainError("NOT_FOUND", "No local mailbox of your workspaces receives mail for this address");
  return recordInbound(deps, credential.workspace_id, mail, raw);
}

/**
 * A message read from a credential's own mailbox (IMAP, Gmail, Graph), taken as the local mailbox
 * takes one. Mail from the mailbox's own addresses (a copy of a step, a follow-up written by hand)
 * answers nothing and is left alone. A credential that is gone records nothing.
 */
export async function receiveCredentialMail(deps: Deps, credentialId: string, raw: Buffer) {
  const credential = await deps.db
    .selectFrom("read.credentials")
    .select(["workspace_id", "email", "aliases"])
    .where("id", "=", credentialId)
    .executeTakeFirst();
  const mail = await classifyInbound(raw);
  const nothing = { kind: mail.kind, processorId: undefined, position: undefined };
  if (!credential) return nothing;
  const own = [credential.email, ...credential.aliases].map((address) => address.toLowerCase());
  if (mail.from !== undefined && own.includes(mail.from.toLowerCase())) return nothing;
  return recordInbound(deps, credential.workspace_id, mail, raw);
}

/**
 * Records a classified message on the run of `workspaceId` whose step it answers. Its command is
 * named by its Message-ID, so the same message received twice is recorded once. Mail that answers
 * no step is taken for what it is and recorded nowhere. A reply whose own words ask to stop also
 * opts the step's address out.
 */
async function recordInbound(deps: Deps, workspaceId: string, mail: InboundMessage, raw: Buffer) {
  const step = await answeredStep(deps, workspaceId, mail);
  if (!step || step.position === null) return { kind: mail.kind, processorId: undefined, position: undefined };
  const messageId = messageIdOf(mail, raw);
  const outcome = await runProcessorCommand(
    deps,
    step.processor_id,
    engineCommand(mail, messageId, mail.to.join(", "), deps.clock().toISOString(), step.position),
    scopedId(`inbound ${messageId}`, step.processor_id),
    engineContext(deps),
  );
  if (mail.kind === "reply" && mail.asksToStop) {
    // The candidate asked in words: the address the step went to opts out, as by the link.
    const optedOut = await recordOptOut(
      deps,
      { address: step.to, source: "reply", processorId: step.processor_id },
      scopedId(`inbound ${messageId}`, "opt-out"),
    );
    return { kind: mail.kind, processorId: step.processor_id, position: Math.max(outcome.position, optedOut.position) };
  }
  return { kind: mail.kind, processorId: step.processor_id, position: outcome.position };
}
