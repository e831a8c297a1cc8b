import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { freePort } from "../testing/free-port.ts";

// The real services as child processes on one database. The API is started with a crash point
// that SIGKILLs it the moment an append of the named event has committed: whatever the request
// would have done next never happens in that process. The side effect must still happen, once.

const script = path.join(import.meta.dirname, "..", "run-service.ts");
let url: string;
let pool: pg.Pool;
let port: number;
let api: ChildProcess;
let projector: ChildProcess;
const children: ChildProcess[] = [];

/** Starts `npm run <name>` on the test database and resolves once it says it is up. */
function startService(name: string, crashAfterAppendOf?: string): Promise<ChildProcess> {
  const { EVENTSTORE_URL: _ignored, CRASH_AFTER_APPEND_OF: _unset, ...env } = process.env;
  const child = spawn(process.execPath, [script, name], {
    env: {
      ...env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://localhost:${port}`,
      ...(crashAfterAppendOf ? { CRASH_AFTER_APPEND_OF: crashAfterAppendOf } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (/listening|following|started/.test(output)) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`${name} exited (${code}) before it was up:\n${output}`)));
  });
}

function exited(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
}

async function call(method: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${route}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as unknown };
}

const idOf = (answer: { json: unknown }) => z.object({ data: z.object({ id: z.string() }) }).parse(answer.json).data.id;

/** The request whose append kills the API: it never answers. The API is then started again. */
async function crashApiOn(type: string, send: () => Promise<unknown>) {
  api.kill("SIGTERM");
  await exited(api);
  const crashing = await startService("api", type);
  await expect(send()).rejects.toThrow();
  expect(await exited(crashing)).toBe("SIGKILL");
  api = await startService("api");
}

async function mailTo(address: string) {
  const { rows } = await pool.query<{ subject: string; mime: string }>(
    "select subject, mime from local_mailbox where to_address = $1",
    [address],
  );
  return rows;
}

/** Every event has had its reactions, and every mail job they queued has been worked. */
async function settled(): Promise<boolean> {
  const { rows } = await pool.query<{ settled: boolean }>(
    `select (select position from reaction_checkpoints where name = 'reactions')
              >= (select coalesce(max(global_position), 0) from events)
        and not exists (select 1 from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active'))
        as settled`,
  );
  return rows[0]?.settled === true;
}

async function signUp(email: string) {
  const password = "correct horse battery";
  const answer = await call("POST", "/auth", { email, password, password_confirmation: password });
  expect(answer.status).toBe(200);
  const session: Record<string, string> = {};
  for (const name of ["access-token", "client", "uid", "expiry", "token-type"]) {
    const value = answer.headers.get(name);
    if (value) session[name] = value;
  }
  return { id: idOf(answer), session };
}

/** A workspace with a template, and the request that creates a project taking it. */
async function templateToCopy(email: string) {
  const owner = await signUp(email);
  const workspaceId = idOf(
    await call("POST", "/workspaces", { data: { type: "workspace", attributes: { name: "Hiring" } } }, owner.session),
  );
  const template = await call(
    "POST",
    `/workspaces/${workspaceId}/workflows`,
    {
      name: "Engineers",
      description: "Hiring engineers",
      stages_attributes: [
        { position: 0, name: "Sourced" },
        { position: 1, name: "Contacted" },
        { position: 2, name: "Interview" },
      ],
    },
    owner.session,
  );
  expect(template.json).toMatchObject({ data: { type: "workflow" } });
  const id = randomUUID();
  const copyStream = `workflow-${workflowCopyIdOf(id, idOf(template))}`;
  return {
    id,
    create: () =>
      call(
        "POST",
        `/workspaces/${workspaceId}/projects`,
        {
          data: {
            id,
            type: "project",
            attributes: { name: "Backend", priority: "High", status: "Active", workflow_id: idOf(template) },
          },
        },
        owner.session,
      ),
    copyEvents: async () =>
      (await pool.query<{ type: string }>("select type from events where stream_id = $1", [copyStream])).rows,
    copies: async () => (await pool.query("select id from read.workflows where project_id = $1", [id])).rows,
  };
}

beforeAll(async () => {
  url = await createTestDatabase(inject("postgresAdminUrl"));
  pool = new pg.Pool({ connectionString: url, max: 2 });
  port = await freePort();
  // The projector first: it migrates, and the API's sign-up waits for read models.
  projector = await startService("projector");
  await startService("outreach");
  api = await startService("api");
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await Promise.all(children.map(exited));
  await pool.end();
});

describe("side effects survive the API being killed right after the append", () => {
  it("mails the password reset exactly once, and a retried reset's link always works", async () => {
    const user = await signUp("reset@example.com");
    const key = randomUUID();
    const ask = () => call("POST", "/auth/password", { email: "reset@example.com" }, { "idempotency-key": key });
    await crashApiOn("UserPasswordResetRequested", ask);
    // The client did not hear back, so it asks again with the same key.
    expect((await ask()).status).toBe(200);
    await expect.poll(() => mailTo("reset@example.com"), { timeout: 20_000, interval: 100 }).toHaveLength(1);
    await expect.poll(settled, { timeout: 20_000, interval: 100 }).toBe(true);
    const mails = await mailTo("reset@example.com");
    expect(mails).toHaveLength(1);
    const token = /reset_password_token=([\w-]+)/.exec(mails[0]?.mime ?? "")?.[1];
    expect(token).toBeDefined();
    const reset = await call("PUT", "/auth/password", {
      reset_password_token: token,
      password: "a brand new secret",
      password_confirmation: "a brand new secret",
    });
    expect(reset.status).toBe(200);
    expect(idOf(reset)).toBe(user.id);
  }, 90_000);

  it("mails an invitation to an email without an account exactly once", async () => {
    const owner = await signUp("inviter@example.com");
    const workspace = await call(
      "POST",
      "/workspaces",
      { data: { type: "workspace", attributes: { name: "Acme" } } },
      owner.session,
    );
    expect(workspace.status).toBe(201);
    await crashApiOn("InvitationSent", () =>
      call(
        "POST",
        "/invitations",
        {
          data: {
            type: "invitation",
            attributes: {
              user_to_email: "newcomer@example.com",
              invitable_type: "Workspace",
              invitable_id: idOf(workspace),
              workspace_role: "collaborator",
            },
          },
        },
        owner.session,
      ),
    );
    await expect.poll(() => mailTo("newcomer@example.com"), { timeout: 20_000, interval: 100 }).toHaveLength(1);
    await expect.poll(settled, { timeout: 20_000, interval: 100 }).toBe(true);
    const mails = await mailTo("newcomer@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("inviter@example.com invited you to Acme on Hirestream");
    expect(mails[0]?.mime).toContain(`http://localhost:${port}/sign_up`);
  }, 90_000);

  it("makes a new project's copy of its workflow exactly once", async () => {
    const project = await templateToCopy("projects@example.com");
    await crashApiOn("ProjectWorkflowAssigned", project.create);
    await expect.poll(project.copyEvents, { timeout: 20_000, interval: 100 }).toHaveLength(1);
    await expect.poll(settled, { timeout: 20_000, interval: 100 }).toBe(true);
    expect(await project.copyEvents()).toEqual([{ type: "WorkflowCreated" }]);
    expect(await project.copies()).toHaveLength(1);
  }, 90_000);

  it("makes the copy once when the projector too is killed after its reaction appended it, before its checkpoint moved", async () => {
    const project = await templateToCopy("reactor@example.com");
    projector.kill("SIGTERM");
    await exited(projector);
    const crashing = await startService("projector", "WorkflowCreated");
    await crashApiOn("ProjectWorkflowAssigned", project.create);
    expect(await exited(crashing)).toBe("SIGKILL");
    expect(await project.copyEvents()).toEqual([{ type: "WorkflowCreated" }]);
    // The reaction's checkpoint stayed before the project's event: it runs again on restart.
    const { rows } = await pool.query<{ behind: boolean }>(
      `select (select position from reaction_checkpoints where name = 'reactions')
         < (select global_position from events where stream_id = $1 and type = 'ProjectWorkflowAssigned') as behind`,
      [`project-${project.id}`],
    );
    expect(rows[0]?.behind).toBe(true);
    projector = await startService("projector");
    await expect.poll(settled, { timeout: 20_000, interval: 100 }).toBe(true);
    expect(await project.copyEvents()).toEqual([{ type: "WorkflowCreated" }]);
    expect(await project.copies()).toHaveLength(1);
  }, 90_000);
});
