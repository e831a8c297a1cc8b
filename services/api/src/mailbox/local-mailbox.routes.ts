// API.md's local mailbox: what the `local` credentials of the user's workspaces sent, each
// message raw, mail delivered into them from outside (a reply, a bounce, an automatic answer), and
// the Local mailbox screen's help to answer as the candidate.
import { DomainError } from "@hirestream/contracts/errors.ts";
import {
  candidateReplyAttributes,
  inboundLimitBytes,
  inboundMessageBody,
  localMailboxQuery,
} from "@hirestream/contracts/mailbox/local-mailbox.ts";
import { composeCandidateReply } from "@hirestream/outreach/mail/compose/compose-candidate-reply.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { listDocument } from "../http/jsonapi.ts";
import { parseParams, parseWriteBody } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { afterAllWrites } from "../http/read-your-writes.ts";
import { receiveLocalMail } from "./inbound-mail.ts";
import { findLocalMail, listLocalMail, readMessage } from "./local-mailbox-queries.ts";

const notFound = "Message not found";

export async function localMailboxRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "message/rfc822",
      { parseAs: "buffer", bodyLimit: inboundLimitBytes },
      (_r, body, done) => done(null, body),
    );
    // Only while the local mailbox is on; off, it is not there at all.
    scope.addHook("onRequest", async () => {
      if (deps.localMailbox === false) throw new DomainError("NOT_FOUND", "The local mailbox is off");
    });

    scope.get("/local_mailbox/messages", async (request) => {
      const session = requireSession(request);
      const query = parseParams(localMailboxQuery, request.query);
      const { messages, total } = await listLocalMail(deps, session.userId, query);
      return listDocument(
        messages.map(({ id, ...attributes }) => ({ id, type: "local_message", attributes })),
        {
          total,
          page: { number: query.page, size: query.limit },
          path: "/api/v1/local_mailbox/messages",
          query: { to: query.to, from: query.from, search_by: query.search_by },
        },
      );
    });

    scope.get("/local_mailbox/messages/:id/raw", async (request, reply) => {
      const session = requireSession(request);
      const found = await findLocalMail(deps, session.userId, pathId(request.params, "id", notFound));
      if (!found) throw new DomainError("NOT_FOUND", notFound);
      return reply.type("message/rfc822").send(found.mime);
    });

    scope.get("/local_mailbox/messages/:id", async (request) => {
      const session = requireSession(request);
      const found = await findLocalMail(deps, session.userId, pathId(request.params, "id", notFound));
      if (!found) throw new DomainError("NOT_FOUND", notFound);
      const { id, ...attributes } = await readMessage(found);
      return { data: { id, type: "local_message", attributes } };
    });

    // The screen's 'Reply as candidate': the candidate's answer built as their mail program would
    // (the mail composer, threaded on the message), for the screen to deliver through the inbound call.
    scope.post("/local_mailbox/messages/:id/candidate_reply", async (request) => {
      const session = requireSession(request);
      const found = await findLocalMail(deps, session.userId, pathId(request.params, "id", notFound));
      if (!found) throw new DomainError("NOT_FOUND", notFound);
      const { attributes } = parseWriteBody(candidateReplyAttributes, request.body, {
        types: ["candidate_reply", "candidate_replies"],
      });
      const sent = await readMessage(found);
      const candidate = sent.to.split(", ")[0] ?? "";
      const domain = candidate.split("@")[1] ?? "candidate.hirestream.local";
      const raw = await composeCandidateReply({
        answered: {
          messageId: sent.message_id,
          references: sent.references,
          from: sent.from,
          to: candidate,
          subject: sent.subject,
        },
        body: attributes.body,
        messageId: `<${commandIdOf(request)}@${domain}>`,
        date: deps.clock(),
      });
      return { data: { type: "candidate_reply", attributes: { raw: raw.toString("utf8") } } };
    });

    // The run is found among the steps sent, in a read model: it must hold every step sent before
    // the message arrived, or a reply to a step sent a moment ago would answer nothing.
    scope.post("/local_mailbox/inbound", { preHandler: afterAllWrites(deps) }, async (request, reply) => {
      const session = requireSession(request);
      const body = inboundMessageBody.safeParse(request.body);
      if (!body.success) throw new DomainError("BAD_REQUEST", "The body must be one whole RFC 5322 message");
      const received = await receiveLocalMail(deps, session.userId, Buffer.from(body.data));
      return reply.status(202).send({
        data: {
          type: "inbound",
          attributes: {
            kind: received.kind,
            ...(received.processorId === undefined ? {} : { processor_id: received.processorId }),
          },
        },
        ...(received.position === undefined ? {} : { meta: { position: received.position } }),
      });
    });
  });
}
