import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordResetRequestBody,
  passwordUpdateBody,
  signInBody,
  signUpBody,
} from "@hirestream/contracts/accounts/commands.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import { deriveEventId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { fieldErrors, userData } from "./auth-replies.ts";
import { hashPassword, hashSecret, verifyPassword } from "./passwords.ts";
import { resetToken } from "./reset-token.ts";
import type { SessionCache } from "./session-cache.ts";
import { createSession, endOtherSessions, endSession, setSessionHeaders } from "./sessions.ts";
import {
  countAttempt,
  forget,
  resetPerEmail,
  retryAfterSeconds,
  signInPerAddress,
  signInPerEmail,
} from "./sign-in-throttle.ts";
import { runUserCommand, signUp, userStream } from "./user-commands.ts";

const RESET_TOKEN_LIFESPAN_MS = 6 * 60 * 60 * 1000;
const emailPattern = z.email();

function passwordProblems(password: string | undefined, confirmation: string | undefined): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (!password) problems.password = [messages.required];
  else if (password.length < PASSWORD_MIN) problems.password = [`is too short (minimum is ${PASSWORD_MIN} characters)`];
  else if (password.length > PASSWORD_MAX) problems.password = [`is too long (maximum is ${PASSWORD_MAX} characters)`];
  if (confirmation !== undefined && confirmation !== password) {
    problems.password_confirmation = [messages.passwordConfirmation];
  }
  return problems;
}

function tooMany(reply: FastifyReply, seconds: number) {
  return reply
    .status(429)
    .header("retry-after", String(seconds))
    .send({ success: false, errors: [`Too many attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`] });
}

/** devise_token_auth's endpoints, answering in its shapes. */
export function authRoutes(app: FastifyInstance, deps: Deps & { sessions: SessionCache }): void {
  // Endings made here are forgotten at once; other processes hear of them by NOTIFY.
  const startSession = async (user: { id: string; email: string }, now: Date) => {
    const session = await createSession(deps.db, user, now);
    deps.sessions.forgetUser(user.id);
    return session;
  };
  app.post("/auth", async (request, reply) => {
    const parsed = signUpBody.safeParse(request.body ?? {});
    const body = parsed.success ? parsed.data : {};
    const unknown = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join(".") || "body");
    const email = body.email?.trim().toLowerCase() ?? "";
    const problems: Record<string, string[]> = {};
    if (unknown.length > 0) problems.base = [`Unknown or invalid fields: ${unknown.join(", ")}`];
    if (!emailPattern.safeParse(email).success) problems.email = [messages.validEmail];
    Object.assign(problems, passwordProblems(body.password, body.password_confirmation));
    if (Object.keys(problems).length > 0 || !body.password) {
      return reply.status(422).send({ status: "error", data: { email }, errors: fieldErrors(problems) });
    }
    try {
      const { userId, position, retried } = await signUp(
        deps,
        email,
        await hashPassword(body.password),
        commandIdOf(request),
      );
      // The session is checked against the users read model: answer once it holds the new user.
      await deps.readModels.waitFor(position, 5000);
      const user = await deps.db.selectFrom("read.users").selectAll().where("id", "=", userId).executeTakeFirst();
      if (!user) throw new DomainError("NOT_CAUGHT_UP");
      // A repeated key and email is the same sign-up only when it carries the same password.
      if (retried && !(await verifyPassword(body.password, user.password_hash))) {
        throw new DomainError("EMAIL_TAKEN");
      }
      setSessionHeaders(reply, await startSession(user, deps.clock()));
      return { status: "success", data: userData(user) };
    } catch (error) {
      if (error instanceof DomainError && error.code === "EMAIL_TAKEN") {
        return reply
          .status(422)
          .send({ status: "error", data: { email }, errors: fieldErrors({ email: ["has already been taken"] }) });
      }
      throw error;
    }
  });

  app.post("/auth/sign_in", async (request, reply) => {
    const parsed = signInBody.safeParse(request.body ?? {});
    const email = parsed.data?.email?.trim().toLowerCase() ?? "";
    const password = parsed.data?.password ?? "";
    const now = deps.clock();
    const emailKey = `sign-in:${email}`;
    const addressKey = `sign-in-ip:${request.ip}`;
    // The email's attempt is counted before its password is checked, in one statement, so sixty
    // attempts sent at once see counts 1 to 60 and only the first five are checked.
    // The address counts failures only. Behind a shared proxy it is everybody's address, so
    // reaching its limit locks nobody out: it cuts each email's allowance from five checks per
    // window to one. Someone spraying guesses across accounts from it gets one guess per account
    // instead of five, while a user who types their own password right still signs in.
    const addressLimited = (await retryAfterSeconds(deps.db, addressKey, signInPerAddress, now)) > 0;
    const attempt = await countAttempt(deps.db, emailKey, signInPerEmail, now);
    if (attempt.count > (addressLimited ? 1 : signInPerEmail.limit)) return tooMany(reply, attempt.windowLeftSeconds);
    const user = email
      ? await deps.db.selectFrom("read.users").selectAll().where("email", "=", email).executeTakeFirst()
      : undefined;
    // Hash even for unknown emails, so timing does not tell which emails have accounts.
    const valid = await verifyPassword(password, user?.password_hash ?? "scrypt$32768$8$1$AAAA$AAAA");
    if (!parsed.success || !user || !valid) {
      await countAttempt(deps.db, addressKey, signInPerAddress, now);
      return reply.status(401).send({ success: false, errors: [messages.invalidLogin] });
    }
    await forget(deps.db, emailKey);
    setSessionHeaders(reply, await startSession(user, now));
    return { data: userData(user) };
  });

  app.delete("/auth/sign_out", async (request, reply) => {
    const session = request.session;
    if (!session) return reply.status(404).send({ success: false, errors: [messages.notLoggedIn] });
    await endSession(deps.db, session.userId, session.client);
    deps.sessions.forgetUser(session.userId);
    for (const header of ["access-token", "client", "uid", "expiry", "token-type", "authorization"]) {
      reply.removeHeader(header);
    }
    reply.header("clear-site-data", '"cache", "storage"');
    return { success: true };
  });

  app.get("/auth/validate_token", async (request, reply) => {
    const session = request.session;
    const user = session
      ? await deps.db.selectFrom("read.users").selectAll().where("id", "=", session.userId).executeTakeFirst()
      : undefined;
    if (!user) return reply.status(401).send({ success: false, errors: [messages.invalidToken] });
    return { success: true, data: userData(user) };
  });

  app.post("/auth/password", async (request, reply) => {
    const parsed = passwordResetRequestBody.safeParse(request.body ?? {});
    const email = parsed.data?.email?.trim().toLowerCase() ?? "";
    if (!parsed.success || !emailPattern.safeParse(email).success) {
      return reply.status(422).send({ success: false, errors: [email ? messages.validEmail : messages.required] });
    }
    const now = deps.clock();
    const key = `reset:${email}`;
    const attempt = await countAttempt(deps.db, key, resetPerEmail, now);
    if (attempt.count > resetPerEmail.limit) return tooMany(reply, attempt.windowLeftSeconds);
    const user = await deps.db
      .selectFrom("read.users")
      .select(["id", "email"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (user) {
      // The mail is a reaction to the stored request (password-reset-mail.ts), never sent from here:
      // it goes out once the event is stored, however this request ends.
      const commandId = commandIdOf(request);
      const { hash } = await resetToken(deps.db, commandId);
      const alreadyStored = async () =>
        (await deps.store.readStream(userStream(user.id))).some((event) => event.id === deriveEventId(commandId, 0));
      // A retry of a request already stored (or storing it at this moment) changes nothing: its
      // mail comes from that event.
      if (!(await alreadyStored())) {
        const expiresAt = new Date(now.getTime() + RESET_TOKEN_LIFESPAN_MS).toISOString();
        const resetPageUrl = resetPage(deps.appUrl, parsed.data.redirect_url);
        try {
          await runUserCommand(
            deps,
            user.id,
            { type: "RequestPasswordReset", data: { tokenHash: hash, expiresAt, resetPage: resetPageUrl } },
            commandId,
            user.id,
          );
        } catch (error) {
          if (!(error instanceof DomainError && error.code === "CONFLICT" && (await alreadyStored()))) throw error;
        }
      }
    }
    return {
      success: true,
      message: `If there is an account for '${email}', an email has been sent to it with instructions for resetting the password.`,
    };
  });

  app.put("/auth/password", async (request, reply) => {
    const parsed = passwordUpdateBody.safeParse(request.body ?? {});
    const body = parsed.data ?? {};
    const problems = passwordProblems(body.password, body.password_confirmation ?? "");
    if (!parsed.success) problems.base = ["Unknown or invalid fields"];
    if (Object.keys(problems).length > 0 || !body.password) {
      return reply.status(422).send({ success: false, errors: fieldErrors(problems) });
    }
    const passwordHash = await hashPassword(body.password);
    const now = deps.clock();
    if (body.reset_password_token) {
      const tokenHash = hashSecret(body.reset_password_token);
      const reset = await deps.db
        .selectFrom("read.password_resets")
        .selectAll()
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      const invalid = () =>
        reply
          .status(422)
          .send({ success: false, errors: fieldErrors({ reset_password_token: ["is invalid or has expired"] }) });
      if (!reset) return invalid();
      try {
        const outcome = await runUserCommand(
          deps,
          reset.id,
          { type: "ResetPassword", data: { tokenHash, passwordHash } },
          commandIdOf(request),
          reset.id,
        );
        await deps.readModels.waitFor(outcome.position, 5000);
      } catch (error) {
        if (error instanceof DomainError && error.code === "RESET_TOKEN_INVALID") return invalid();
        throw error;
      }
      await endOtherSessions(deps.db, reset.id, null);
      deps.sessions.forgetUser(reset.id);
      const user = await deps.db
        .selectFrom("read.users")
        .selectAll()
        .where("id", "=", reset.id)
        .executeTakeFirstOrThrow();
      setSessionHeaders(reply, await startSession(user, now));
      return { success: true, data: userData(user), message: "Your password has been successfully updated." };
    }
    const session = request.session;
    if (!session) return reply.status(401).send({ success: false, errors: [messages.notLoggedIn] });
    const user = await deps.db
      .selectFrom("read.users")
      .selectAll()
      .where("id", "=", session.userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.current_password ?? "", user.password_hash))) {
      return reply.status(422).send({ success: false, errors: fieldErrors({ current_password: ["is invalid"] }) });
    }
    const outcome = await runUserCommand(
      deps,
      user.id,
      { type: "ChangePassword", data: { passwordHash } },
      commandIdOf(request),
      user.id,
    );
    await deps.readModels.waitFor(outcome.position, 5000);
    await endOtherSessions(deps.db, user.id, session.client);
    deps.sessions.forgetUser(user.id);
    return { success: true, data: userData(user), message: "Your password has been successfully updated." };
  });
}

/** The reset link goes to the app's own update-password page; another origin is never trusted. */
function resetPage(appUrl: string, redirect: string | undefined): string {
  const fallback = new URL("/update_password", appUrl).toString();
  if (!redirect) return fallback;
  try {
    const url = new URL(redirect, appUrl);
    return url.origin === new URL(appUrl).origin ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}
