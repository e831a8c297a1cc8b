import { randomUUID } from "node:crypto";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { type SmtpAccountServer, startSmtpAccountServer } from "@hirestream/outreach/testing/smtp-account-server.ts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countEvents, type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";
import { testFailures } from "./credential-test.ts";

const password = "s3cret-smtp-Pa55word";
let t: TestApp;
let smtp: SmtpAccountServer;
const logLines: string[] = [];
/** Every answer the API gave in this file, to look for the password in. */
const answers: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpAccountServer({ username: "jobs@example.com", password });
  t = await startTestApp({ logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let emails = 0;
const newUser = () => signUpUser(t.app, `credentials${++emails}@example.com`);

async function send(user: SignedIn, method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      ...user.headers,
      "idempotency-key": randomUUID(),
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  answers.push(response.body);
  return response;
}

async function read(user: SignedIn, url: string, position = 0): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({
    method: "GET",
    url,
    headers: { ...user.headers, "x-min-position": String(position) },
  });
  answers.push(response.body);
  return response;
}

async function createWorkspace(user: SignedIn): Promise<string> {
  const response = await send(user, "POST", "/api/v1/workspaces", {
    data: { type: "workspace", attributes: { name: "Hiring" } },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

function join(workspaceId: string, user: SignedIn, role: "manager" | "collaborator" | "viewer") {
  return appendEvents(
    t.store,
    `workspace-${workspaceId}`,
    [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: user.userId, role } }],
    { occurredAt: "2026-11-22T12:00:00.000Z", actor: user.userId },
  );
}

const providers = (ws: string, id?: string) => `/api/v1/workspaces/${ws}/providers${id ? `/${id}` : ""}`;
const local = { provider_type: "local", name: "Dev mailbox", email: "dev@example.com" };
const smtpBody = (secret = password) => ({
  provider_type: "smtp",
  name: "Recruiting",
  email: "jobs@example.com",
  smtp: { host: "127.0.0.1", port: smtp.port, secure: false, username: "jobs@example.com", password: secret },
});

let owner: SignedIn;
let ws: string;
beforeAll(async () => {
  owner = await newUser();
  ws = await createWorkspace(owner);
});

describe("a local credential", () => {
  it("is added Pending with the default limits, listed, tested, given aliases and removed", async () => {
    const created = await send(owner, "POST", providers(ws), { data: { type: "provider", attributes: local } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.attributes).toMatchObject({
      ...local,
      health: "Pending",
      aliases: [],
      daily_limit: 400,
      min_gap_seconds: 60,
    });

    const listed = await read(owner, providers(ws), created.json().meta.position);
    expect(listed.json().data.map((row: { id: string }) => row.id)).toEqual([id]);
    expect(listed.json().meta.local_mailbox).toBe(true);

    const tested = await send(owner, "PUT", `${providers(ws, id)}/test`);
    expect(tested.statusCode).toBe(200);
    expect(tested.json().data.attributes.health).toBe("Tested");

    // The spec's client: `{id, attributes: {aliases}}` with the field's text.
    const aliased = await send(owner, "PATCH", providers(ws, id), {
      id,
      attributes: { aliases: " a@example.com,b@example.com , " },
    });
    expect(aliased.statusCode).toBe(200);
    const one = await read(owner, providers(ws, id), aliased.json().meta.position);
    expect(one.json().data.attributes).toMatchObject({ aliases: ["a@example.com", "b@example.com"], health: "Tested" });

    const removed = await send(owner, "DELETE", providers(ws, id));
    expect(removed.statusCode).toBe(200);
    expect((await read(owner, providers(ws, id), removed.json().meta.position)).statusCode).toBe(404);
    expect((await send(owner, "PUT", `${providers(ws, id)}/test`)).statusCode).toBe(404);
  });

  it("refuses aliases that are not emails or are listed twice, with nothing appended", async () => {
    const created = await send(owner, "POST", providers(ws), local);
    const id = created.json().data.id;
    const before = await countEvents(t.pool);
    const notEmail = await send(owner, "PATCH", providers(ws, id), { attributes: { aliases: "a@example.com, nope" } });
    expect(notEmail.statusCode).toBe(422);
    expect(notEmail.json().errors[0]).toMatchObject({
      detail: "nope is not a valid email",
      source: { pointer: "/data/attributes/aliases" },
    });
    const twice = await send(owner, "PATCH", providers(ws, id), { aliases: ["a@example.com", "A@example.com"] });
    expect(twice.statusCode).toBe(422);
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("is refused while the server runs without the local mailbox", async () => {
    const off = await startTestApp({ localMailbox: false });
    try {
      const user = await signUpUser(off.app, "off@example.com");
      const created = await off.app.inject({
        method: "POST",
        url: "/api/v1/workspaces",
        headers: user.headers,
        payload: { name: "Off" },
      });
      const response = await off.app.inject({
        method: "POST",
        url: providers(created.json().data.id),
        headers: user.headers,
        payload: local,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].source.pointer).toBe("/data/attributes/provider_type");
    } finally {
      await off.close();
    }
  });
});

describe("bodies that are refused", () => {
  it("refuses Google and Microsoft (they come from signing in), unknown types and an smtp without its server", async () => {
    const before = await countEvents(t.pool);
    for (const provider_type of ["google_oauth2", "microsoft_graph_auth"]) {
      const response = await send(owner, "POST", providers(ws), { ...local, provider_type });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].detail).toMatch(/connected by signing in/);
    }
    expect((await send(owner, "POST", providers(ws), { ...local, provider_type: "pop3" })).statusCode).toBe(422);
    const noServer = await send(owner, "POST", providers(ws), { ...smtpBody(), smtp: undefined });
    expect(noServer.json().errors[0].source.pointer).toBe("/data/attributes/smtp");
    expect((await send(owner, "POST", providers(ws), { ...local, email: "not an email" })).statusCode).toBe(422);
    expect((await send(owner, "POST", providers(ws), { ...local, daily_limit: 0 })).statusCode).toBe(422);
    expect((await send(owner, "POST", providers(ws), { ...local, min_gap_seconds: -1 })).statusCode).toBe(422);
    expect(await countEvents(t.pool)).toBe(before);
  });
});

describe("who may see and manage credentials", () => {
  it("lets a viewer list them but not add, edit, test or remove; strangers and other workspaces get 404", async () => {
    const created = await send(owner, "POST", providers(ws), local);
    const id = created.json().data.id;
    const viewer = await newUser();
    const collaborator = await newUser();
    await join(ws, viewer, "viewer");
    const { position } = await join(ws, collaborator, "collaborator");
    const manager = await newUser();
    await join(ws, manager, "manager");

    expect((await read(viewer, providers(ws), position)).statusCode).toBe(200);
    expect((await read(viewer, providers(ws, id), position)).statusCode).toBe(200);
    for (const user of [viewer, collaborator]) {
      expect((await send(user, "POST", providers(ws), local)).statusCode).toBe(403);
      expect((await send(user, "PATCH", providers(ws, id), { aliases: [] })).statusCode).toBe(403);
      expect((await send(user, "PUT", `${providers(ws, id)}/test`)).statusCode).toBe(403);
      expect((await send(user, "DELETE", providers(ws, id))).statusCode).toBe(403);
      // Permission before existence: an unknown id is refused the same way.
      expect((await send(user, "DELETE", providers(ws, randomUUID()))).statusCode).toBe(403);
    }
    expect((await send(manager, "PATCH", providers(ws, id), { aliases: "m@example.com" })).statusCode).toBe(200);

    const stranger = await newUser();
    const theirs = await createWorkspace(stranger);
    expect((await read(stranger, providers(ws))).statusCode).toBe(404);
    expect((await read(stranger, providers(ws, id))).statusCode).toBe(404);
    expect((await send(stranger, "DELETE", providers(ws, id))).statusCode).toBe(404);
    // Their own workspace in the URL does not reach another workspace's credential.
    expect((await read(stranger, providers(theirs, id))).statusCode).toBe(404);
    expect((await send(stranger, "PATCH", providers(theirs, id), { aliases: [] })).statusCode).toBe(404);
    expect((await send(stranger, "PUT", `${providers(theirs, id)}/test`)).statusCode).toBe(404);
    expect((await send(stranger, "DELETE", providers(theirs, id))).statusCode).toBe(404);
    // Nor can they take its id for one of theirs.
    const taken = await send(stranger, "POST", providers(theirs), {
      data: { type: "provider", id, attributes: smtpBody("x") },
    });
    expect(taken.statusCode).toBe(409);
    expect((await read(stranger, providers(ws, "not-a-uuid"))).statusCode).toBe(404);
  });
});

describe("an SMTP credential", () => {
  it("is tested against its server: Tested with the right password, Error with the server's words otherwise", async () => {
    const right = await send(owner, "POST", providers(ws), smtpBody());
    expect(right.statusCode).toBe(201);
    const tested = await send(owner, "PUT", `${providers(ws, right.json().data.id)}/test`);
    expect(tested.json().data.attributes).toMatchObject({ health: "Tested", fail_message: null });
    expect(smtp.offered).toContain(password);

    const wrong = await send(owner, "POST", providers(ws), smtpBody("not-the-password"));
    const failed = await send(owner, "PUT", `${providers(ws, wrong.json().data.id)}/test`);
    expect(failed.json().data.attributes.health).toBe("Error");
    expect(failed.json().data.attributes.fail_message).toMatch(/Authentication credentials invalid/);
    expect(failed.json().data.attributes.fail_message).not.toContain("not-the-password");
    const listed = await read(owner, providers(ws, wrong.json().data.id), failed.json().meta.position);
    expect(listed.json().data.attributes.health).toBe("Error");
  });

  it("keeps its passwords sealed: in no event, change-log row, read model, answer or log line", async () => {
    const imapPassword = "imap-Pa55word-kept-sealed";
    const created = await send(owner, "POST", providers(ws), {
      ...smtpBody(),
      imap: { host: "127.0.0.1", port: 993, secure: true, username: "jobs@example.com", password: imapPassword },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const tested = await send(owner, "PUT", `${providers(ws, id)}/test`);
    await read(owner, providers(ws), tested.json().meta.position);
    await read(owner, providers(ws, id), tested.json().meta.position);
    expect(logLines.length).toBeGreaterThan(0);

    const events = await t.pool.query<{ text: string }>("select data::text || metadata::text as text from events");
    const changes = await t.pool.query<{ text: string }>(
      "select coalesce(data::text, '') as text from read.change_log",
    );
    const rows = await t.pool.query<{ text: string }>("select to_jsonb(c)::text as text from read.credentials c");
    const secrets = await t.pool.query<{ ciphertext: Buffer }>(
      "select ciphertext from credential_secrets where credential_id = $1",
      [id],
    );
    expect(events.rows.length).toBeGreaterThan(0);
    expect(changes.rows.some((row) => row.text.includes(id))).toBe(true);
    expect(rows.rows.some((row) => row.text.includes(id))).toBe(true);
    expect(secrets.rows).toHaveLength(1);
    const places = [
      ...events.rows.map((row) => row.text),
      ...changes.rows.map((row) => row.text),
      ...rows.rows.map((row) => row.text),
      ...secrets.rows.map((row) => row.ciphertext.toString("latin1")),
      ...answers,
      ...logLines,
    ];
    expect(places.filter((place) => place.includes(password) || place.includes(imapPassword))).toEqual([]);
  });

  it("fails closed when its sealed password was tampered with, and forgets it once removed", async () => {
    const created = await send(owner, "POST", providers(ws), smtpBody());
    const id = created.json().data.id;
    await t.pool.query(
      "update credential_secrets set ciphertext = set_byte(ciphertext, 0, get_byte(ciphertext, 0) # 1) where credential_id = $1",
      [id],
    );
    const offeredBefore = smtp.offered.length;
    const tested = await send(owner, "PUT", `${providers(ws, id)}/test`);
    expect(tested.json().data.attributes).toMatchObject({
      health: "Error",
      fail_message: testFailures.secretUnreadable,
    });
    expect(smtp.offered.length).toBe(offeredBefore);

    await send(owner, "DELETE", providers(ws, id));
    const left = await t.pool.query("select 1 from credential_secrets where credential_id = $1", [id]);
    expect(left.rows).toEqual([]);
  });

  it("stores nothing for a request that is refused", async () => {
    const viewer = await newUser();
    await join(ws, viewer, "viewer");
    const id = randomUUID();
    const refused = await send(viewer, "POST", providers(ws), {
      data: { type: "provider", id, attributes: smtpBody() },
    });
    expect(refused.statusCode).toBe(403);
    const stored = await t.pool.query("select 1 from credential_secrets where credential_id = $1", [id]);
    expect(stored.rows).toEqual([]);
  });
});
