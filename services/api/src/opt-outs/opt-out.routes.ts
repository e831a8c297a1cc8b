import { DomainError } from "@hirestream/contracts/errors.ts";
import { normalAddress } from "@hirestream/contracts/opt-outs/address.ts";
import { optOutMessages } from "@hirestream/contracts/opt-outs/messages.ts";
import { personEvent } from "@hirestream/contracts/people/events.ts";
import { personEmailFields } from "@hirestream/contracts/people/profile.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import { personDecider } from "@hirestream/domain/person/person.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { pathId } from "../http/path-id.ts";
import { personStream } from "../people/person-commands.ts";
import { streamState } from "../stream-state.ts";
import { WorkspaceRoles } from "../workspaces/workspace-roles.ts";
import { currentOptOut, recordOptOut, runOptOutCommand } from "./opt-out-commands.ts";
import { linkedAddress } from "./opt-out-link.ts";
import { askPage, donePage, invalidPage, OPT_OUT_PAGE_POLICY } from "./opt-out-page.ts";

const parsePersonEvent = (stored: { type: string; data: unknown }) => personEvent.safeParse(stored).data;

/** The body of RFC 8058's one-click POST, form-encoded or as a multipart form. */
const ONE_CLICK =
  /(?:^|&)List-Unsubscribe=One-Click(?:&|$)|name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click/;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("content-security-policy", OPT_OUT_PAGE_POLICY)
    .header("referrer-policy", "no-referrer")
    .send(body);
}

/**
 * The candidate's side, without a session: `GET {path}/{token}` shows the page that asks,
 * `POST {path}/{token}` opts out, whether it is a mail client's one-click POST (answered 200
 * with an empty body) or the page's button (answered with the page that says it is done).
 */
async function publicRoutes(app: FastifyInstance, deps: Deps, path: string): Promise<void> {
  // One-click POSTs come form-encoded or as multipart: the body only tells which of the two asked.
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, typeof body === "string" ? body : body.toString("utf8"));
  });

  app.get(`${path}/:token`, async (request, reply) => {
    const linked = await linkedAddress(deps, request.params);
    if (!linked) return html(reply, 404, invalidPage());
    return html(reply, 200, askPage(linked.address));
  });

  app.post(`${path}/:token`, async (request, reply) => {
    // A form (the page's button, a mail program's one-click) is answered in kind; JSON in JSON:API.
    const form = typeof request.body === "string" || request.body === undefined;
    const oneClick = typeof request.body === "string" && ONE_CLICK.test(request.body);
    const linked = await linkedAddress(deps, request.params);
    if (!linked) {
      if (!form) throw new DomainError("NOT_FOUND", optOutMessages.linkInvalid);
      if (oneClick) return reply.code(404).header("content-type", "text/plain; charset=utf-8").send("");
      return html(reply, 404, invalidPage());
    }
    const outcome = await recordOptOut(
      deps,
      { address: linked.address, source: oneClick ? "one_click" : "link", processorId: linked.processorId },
      request.id,
    );
    if (!form)
      return { data: { type: "opt_out", attributes: { opted_out: true } }, meta: { position: outcome.position } };
    if (oneClick) return reply.code(200).header("content-type", "text/plain; charset=utf-8").send("");
    return html(reply, 200, donePage(linked.address));
  });
}

/**
 * `DELETE /workspaces/{ws}/people/{id}/opt_out`: a member of the workspace (not a viewer) lets
 * that workspace's sequences mail the person's opted-out addresses again. Other workspaces still
 * do not: one team cannot answer for another the candidate asked.
 */
function clearRoute(app: FastifyInstance, deps: Deps): void {
  app.delete("/workspaces/:ws/people/:id/opt_out", async (request) => {
    const session = requireSession(request);
    const workspaceId = pathId(request.params, "ws", "Workspace not found");
    const personId = pathId(request.params, "id", "Person not found");
    // Who asks before what exists: outside the workspace, the person is as unknown as a missing one.
    const role = await new WorkspaceRoles(deps, session.userId).of(workspaceId);
    if (role === undefined) throw new DomainError("NOT_FOUND", "Person not found");
    if (!mayInWorkspace(role, "people.edit")) throw new DomainError("FORBIDDEN", optOutMessages.mayNotClear);
    const person = await streamState(deps, personDecider, parsePersonEvent, personStream(personId));
    if (person.status !== "active" || !person.workspaceIds.includes(workspaceId))
      throw new DomainError("NOT_FOUND", "Person not found");
    const addresses = [
      ...new Set(
        personEmailFields.map((field) => normalAddress(person.profile[field] ?? "")).filter((each) => each !== ""),
      ),
    ];
    const optedOut = [];
    for (const address of addresses) {
      if ((await currentOptOut(deps, address)).status === "opted_out") optedOut.push(address);
    }
    if (optedOut.length === 0) throw new DomainError("NOT_FOUND", optOutMessages.notOptedOut);
    let position = 0;
    for (const address of optedOut) {
      const outcome = await runOptOutCommand(
        deps,
        address,
        { type: "ClearOptOut", data: { address, workspaceId, personId } },
        scopedId(commandIdOf(request), address),
        { now: deps.clock(), actorId: session.userId, workspaceRole: role },
      );
      position = Math.max(position, outcome.position);
    }
    return {
      data: {
        type: "opt_out",
        id: personId,
        attributes: { workspace_id: workspaceId, addresses: optedOut, cleared: true },
      },
      meta: { position },
    };
  });
}

export async function optOutRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => publicRoutes(scope, deps, "/opt_outs"));
  clearRoute(app, deps);
}

/**
 * `/u/{token}`, the short form that goes in mail: the same pages and one-click POST as
 * `/api/v1/opt_outs/{token}`, at a path short enough to keep a message's lines under 76 characters.
 */
export async function optOutLinkRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    await publicRoutes(scope, deps, "/u");
  });
}
