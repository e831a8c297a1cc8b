// A client written against the spec reads what it just wrote, without x-min-position: the server
// remembers how far each session has written and answers that session's reads once the read
// models hold it. The projector is paused for real to hold the read models behind.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

// Long enough for a resumed projector to catch up on a busy machine, short enough to see a 503.
const readTimeoutMs = 2000;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ readYourWritesTimeoutMs: readTimeoutMs });
});
afterEach(() => {
  t.resumeProjector();
});
afterAll(async () => {
  await t.close();
});

let users = 0;
const newUser = () => signUpUser(t.app, `reader${++users}@example.com`);

function write(app: FastifyInstance, user: SignedIn, method: "POST" | "PUT", url: string, payload: unknown) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...user.headers, "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
}

const get = (app: FastifyInstance, user: SignedIn, url: string) =>
  app.inject({ method: "GET", url: `/api/v1${url}`, headers: user.headers });

async function createWorkspace(user: SignedIn, name: string) {
  const response = await write(t.app, user, "POST", "/workspaces", {
    data: { type: "workspace", attributes: { name } },
  });
  expect(response.statusCode).toBe(201);
  await t.readModels.waitFor(response.json().meta.position, 5000);
  return response.json<{ data: { id: string } }>().data.id;
}

function importCsv(user: SignedIn, workspaceId: string, csv: string) {
  const boundary = `----${randomUUID()}`;
  const part = (name: string, value: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: text/csv` : ""}\r\n\r\n${value}\r\n`;
  return t.app.inject({
    method: "POST",
    url: "/api/v1/people/import_csv",
    headers: { ...user.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: `${part("data[workspace_id]", workspaceId)}${part("data[file]", csv, "people.csv")}--${boundary}--\r\n`,
  });
}

async function importOne(user: SignedIn, workspaceId: string) {
  const response = await importCsv(user, workspaceId, "first_name,last_name,email\nAda,Lovelace,ada@example.com");
  expect(response.statusCode).toBe(200);
  await t.readModels.waitFor(response.json().meta.position, 5000);
  const listed = await get(t.app, user, `/workspaces/${workspaceId}/people`);
  return listed.json<{ data: { id: string }[] }>().data[0]?.id ?? "";
}

/** While the read models lack the session's last write, its reads are refused, never answered stale. */
function expectNotCaughtUp(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers["retry-after"]).toBe("1");
}

describe("a session reads its own writes without x-min-position", () => {
  it("PUT a person, then GET it: 503 while the projector is paused, the new value once it runs", async () => {
    const user = await newUser();
    const workspaceId = await createWorkspace(user, "Hiring");
    const personId = await importOne(user, workspaceId);
    await t.pauseProjector();
    const put = await write(t.app, user, "PUT", `/people/${personId}`, {
      data: { type: "person", attributes: { company: "Analytical Engines" } },
    });
    expect(put.statusCode).toBe(200);
    expectNotCaughtUp(await get(t.app, user, `/people/${personId}`));
    const read = get(t.app, user, `/people/${personId}`);
    t.resumeProjector();
    const response = await read;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { id: personId, attributes: { company: "Analytical Engines" } } });
  });

  it("create a workspace, then list workspaces: 503 while the projector is paused, then it is listed", async () => {
    const user = await newUser();
    await t.pauseProjector();
    const created = await write(t.app, user, "POST", "/workspaces", {
      data: { type: "workspace", attributes: { name: "Fresh" } },
    });
    expect(created.statusCode).toBe(201);
    expectNotCaughtUp(await get(t.app, user, "/workspaces"));
    const read = get(t.app, user, "/workspaces");
    t.resumeProjector();
    const response = await read;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [{ id: created.json().data.id, attributes: { name: "Fresh" } }] });
  });

  it("a read that reaches another API process waits for the session's write too", async () => {
    const user = await newUser();
    const other = await t.anotherProcess();
    await t.pauseProjector();
    const created = await write(t.app, user, "POST", "/workspaces", {
      data: { type: "workspace", attributes: { name: "Elsewhere" } },
    });
    expect(created.statusCode).toBe(201);
    // Not in the other process's memory: it finds the position with the session's row.
    expectNotCaughtUp(await get(other, user, "/workspaces"));
  });

  it("another user's reads are not made to wait for this session's writes", async () => {
    const [writer, reader] = [await newUser(), await newUser()];
    const readersOwn = await createWorkspace(reader, "Reader's");
    await t.pauseProjector();
    const created = await write(t.app, writer, "POST", "/workspaces", {
      data: { type: "workspace", attributes: { name: "Writer's" } },
    });
    expect(created.statusCode).toBe(201);
    // Answered while the projector is still paused: a wait for the writer's position would end in 503.
    const response = await get(t.app, reader, "/workspaces");
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([expect.objectContaining({ id: readersOwn })]);
  });

  it("x-min-position still makes any read wait for the position named", async () => {
    const [writer, reader] = [await newUser(), await newUser()];
    await t.pauseProjector();
    const created = await write(t.app, writer, "POST", "/workspaces", {
      data: { type: "workspace", attributes: { name: "Named" } },
    });
    const position = String(created.json().meta.position);
    expectNotCaughtUp(
      await t.app.inject({
        method: "GET",
        url: "/api/v1/workspaces",
        headers: { ...reader.headers, "x-min-position": position },
      }),
    );
  });
});

describe("a write that consults a read model waits for the session's own earlier writes", () => {
  it("a second invitation to one address, sent right after the first, is refused as waiting already", async () => {
    const owner = await newUser();
    const workspaceId = await createWorkspace(owner, "Team");
    const invitation = {
      data: {
        type: "invitation",
        attributes: {
          user_to_email: "newcomer@example.com",
          invitable_type: "Workspace",
          invitable_id: workspaceId,
          workspace_role: "collaborator",
        },
      },
    };
    await t.pauseProjector();
    expect((await write(t.app, owner, "POST", "/invitations", invitation)).statusCode).toBe(201);
    // The read model does not hold the first yet: the second is not decided without it.
    expectNotCaughtUp(await write(t.app, owner, "POST", "/invitations", invitation));
    const again = write(t.app, owner, "POST", "/invitations", invitation);
    t.resumeProjector();
    const response = await again;
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain("has a pending invitation already");
  });
});

describe("an import matches the people the session imported a moment before", () => {
  it("a row naming one of their addresses is the same person, not a second one", async () => {
    const user = await newUser();
    const workspaceId = await createWorkspace(user, "Sourcing");
    await t.pauseProjector();
    const first = await importCsv(
      user,
      workspaceId,
      "first_name,last_name,email,email_second\nAda,Lovelace,ada@example.com,countess@example.com",
    );
    expect(first.json().data.attributes).toMatchObject({ new: 1, errors: 0 });
    // The people read model does not hold Ada yet: the file is not matched without her.
    expectNotCaughtUp(await importCsv(user, workspaceId, "first_name,last_name,email\nAda,King,countess@example.com"));
    const second = importCsv(user, workspaceId, "first_name,last_name,email\nAda,King,countess@example.com");
    t.resumeProjector();
    const response = await second;
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({ new: 0, existing: 1, errors: 0 });
  });
});
