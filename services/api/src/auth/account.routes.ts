import { accountUpdateBody } from "@hirestream/contracts/accounts/commands.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { fieldErrors, userData } from "./auth-replies.ts";
import type { SessionCache } from "./session-cache.ts";
import { endOtherSessions } from "./sessions.ts";
import { runUserCommand } from "./user-commands.ts";

const READ_MODEL_WAIT_MS = 5000;

/** zod's issues as devise's `field: [messages]`; unknown fields and a body that is no object go under `base`. */
function problemsOf(error: z.ZodError): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    problems[field] = [...(problems[field] ?? []), message];
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") add("base", `Unknown fields: ${issue.keys.join(", ")}`);
    else if (issue.path.length === 0) add("base", "Body must be a JSON object");
    else add(String(issue.path[0]), issue.message);
  }
  return problems;
}

/** The signed-in user's own account: devise's registrations#update, and ending the other devices. */
export function accountRoutes(app: FastifyInstance, deps: Deps & { sessions: SessionCache }): void {
  app.put("/auth", async (request, reply) => {
    const session = request.session;
    if (!session) return reply.status(401).send({ status: "error", errors: [messages.notLoggedIn] });
    const parsed = accountUpdateBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply.status(422).send({ status: "error", errors: fieldErrors(problemsOf(parsed.error)) });
    }
    const { first_name: firstName, last_name: lastName, color } = parsed.data;
    const outcome = await runUserCommand(
      deps,
      session.userId,
      {
        type: "UpdateProfile",
        data: {
          ...(firstName !== undefined ? { firstName } : {}),
          ...(lastName !== undefined ? { lastName } : {}),
          ...(color !== undefined ? { color } : {}),
        },
      },
      commandIdOf(request),
      session.userId,
    );
    // The answer, validate_token and the sync change log all come from the users read model: answer
    // once it holds the change, so the caller never reads its old name back.
    if (!(await deps.readModels.waitFor(outcome.position, READ_MODEL_WAIT_MS))) {
      reply.header("retry-after", "1");
      throw new DomainError("NOT_CAUGHT_UP");
    }
    const user = await deps.db.selectFrom("read.users").selectAll().where("id", "=", session.userId).executeTakeFirst();
    if (!user) throw new DomainError("NOT_FOUND", "User not found");
    return { status: "success", data: userData(user), meta: { position: outcome.position } };
  });

  // "Sign out other devices" for the account settings screen. An addition: devise_token_auth has no
  // such call and API.md does not list it. The calling client stays signed in.
  app.delete("/auth/sessions", async (request, reply) => {
    const session = request.session;
    if (!session) return reply.status(401).send({ success: false, errors: [messages.notLoggedIn] });
    const ended = await endOtherSessions(deps.db, session.userId, session.client);
    // Other API processes forget their cached sessions by NOTIFY when the deletion commits; this one now.
    deps.sessions.forgetUser(session.userId);
    return { success: true, ended };
  });
}
