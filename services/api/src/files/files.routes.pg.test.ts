import { randomBytes, randomUUID } from "node:crypto";
import { FILE_MAX_BYTES, fileResource } from "@hirestream/contracts/files/files.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinProject as joinAsMember } from "../testing/memberships.ts";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let emails = 0;
const newUser = () => signUpUser(t.app, `filer${++emails}@example.com`);

function sendJson(user: SignedIn, method: "POST" | "PUT", url: string, payload: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...user.headers, "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
}

async function createWorkspace(user: SignedIn, name = "Acme"): Promise<string> {
  const response = await sendJson(user, "POST", "/workspaces", { data: { type: "workspace", attributes: { name } } });
  expect(response.statusCode).toBe(201);
  // Roles are read from the members read model.
  await t.readModels.waitFor(response.json().meta.position, 5000);
  return response.json().data.id;
}

/** Makes `user` a member of the workspace, as an accepted invitation will. */
async function join(workspaceId: string, user: SignedIn, role: "manager" | "collaborator" | "viewer") {
  const { position } = await appendEvents(
    t.store,
    `workspace-${workspaceId}`,
    [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: user.userId, role } }],
    { occurredAt: "2026-11-22T12:00:00.000Z", actor: user.userId },
  );
  await t.readModels.waitFor(position, 5000);
}

/** Makes `user` a member of the project, as an accepted invitation to it will. */
async function joinProject(workspaceId: string, projectId: string, user: SignedIn, role: ProjectRole) {
  await t.readModels.waitFor(await joinAsMember(t.store, { projectId, workspaceId }, user.userId, role), 5000);
}

async function createProject(user: SignedIn, workspaceId: string, fields: Record<string, unknown> = {}) {
  const response = await sendJson(user, "POST", `/workspaces/${workspaceId}/projects`, {
    data: { type: "project", attributes: { name: "Backend hires", priority: "High", status: "Active", ...fields } },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id as string;
}

/** A workspace with a project, owned by a new user. */
async function setUp() {
  const owner = await newUser();
  const workspaceId = await createWorkspace(owner);
  const projectId = await createProject(owner, workspaceId);
  return { owner, workspaceId, projectId };
}

interface Upload {
  bytes: Buffer | string;
  /** The filename parameter exactly as it travels in the part's header. */
  filename?: string;
  contentType?: string;
  projectId?: string;
  workspaceId?: string;
  key?: string;
}

/** A multipart/form-data body as a browser's FormData sends it, with a fresh boundary each time. */
function upload(user: SignedIn, target: { projectId: string; workspaceId: string }, file: Upload) {
  const boundary = `----hirestream${randomUUID()}`;
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    field("data[project_id]", file.projectId ?? target.projectId),
    field("data[workspace_id]", file.workspaceId ?? target.workspaceId),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data[file]"; filename="${file.filename ?? "offer.pdf"}"\r\n` +
        `Content-Type: ${file.contentType ?? "application/pdf"}\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/v1/files",
    headers: {
      ...user.headers,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      ...(file.key ? { "idempotency-key": file.key } : {}),
    },
    payload,
  });
}

const get = (user: SignedIn, url: string) =>
  t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: user.headers });
const remove = (user: SignedIn, url: string) =>
  t.app.inject({ method: "DELETE", url: `/api/v1${url}`, headers: user.headers });

async function storedFiles(): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>("select count(*)::int as n from project_files");
  return rows[0]?.n ?? 0;
}

function expectError(
  response: { statusCode: number; json(): unknown },
  status: number,
  error: Record<string, unknown>,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ errors: [error] });
}

/** Every byte value, in an order that is not their own. */
const everyByte = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 37 + 11) % 256));

describe("POST /files, GET /projects/{id}/files, GET /files/{id}", () => {
  it("stores a file with its project, lists it and serves back exactly the bytes sent", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const created = await upload(owner, { projectId, workspaceId }, { bytes: everyByte });
    expect(created.statusCode, created.body).toBe(201);
    const document = created.json();
    const id = document.data.id;
    expect(document).toEqual({
      data: {
        type: "file",
        id,
        attributes: {
          name: "offer.pdf",
          content_type: "application/pdf",
          size: 1024,
          project_id: projectId,
          workspace_id: workspaceId,
          uploaded_by: owner.userId,
          created_at: "2026-11-22T12:00:00.000Z",
        },
      },
      meta: { position: 0 },
    });
    expect(fileResource.parse(document.data)).toEqual(document.data);
    expect(created.headers.location).toBe(`/api/v1/files/${id}`);

    const listed = await get(owner, `/projects/${projectId}/files`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([document.data]);
    expect(listed.json().meta).toEqual({ pages: { current: 1, total: 1 }, total: 1 });

    const downloaded = await get(owner, `/files/${id}`);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(everyByte)).toBe(true);
    expect(downloaded.headers["content-type"]).toBe("application/pdf");
    expect(downloaded.headers["content-length"]).toBe("1024");
    expect(downloaded.headers["content-disposition"]).toBe(
      `attachment; filename="offer.pdf"; filename*=UTF-8''offer.pdf`,
    );
    expect(downloaded.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("lists newest first, in pages, and finds files by name", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const names = ["first.txt", "second.txt", "third.txt"];
    for (const [index, name] of names.entries()) {
      t.clock.now = new Date(Date.UTC(2026, 10, 22, 12, index));
      const response = await upload(owner, { projectId, workspaceId }, { bytes: name, filename: name });
      expect(response.statusCode).toBe(201);
    }
    t.clock.now = new Date("2026-11-22T12:00:00.000Z");
    const namesIn = (response: { json(): { data: { attributes: { name: string } }[] } }) =>
      response.json().data.map((file) => file.attributes.name);
    expect(namesIn(await get(owner, `/projects/${projectId}/files`))).toEqual(["third.txt", "second.txt", "first.txt"]);
    expect(namesIn(await get(owner, `/projects/${projectId}/files?search_by=SEC`))).toEqual(["second.txt"]);
    const paged = await get(owner, `/projects/${projectId}/files?limit=10&page=2`);
    expect(paged.json()).toMatchObject({ data: [], meta: { pages: { current: 2, total: 1 }, total: 3 } });
    // Another project's list holds none of them.
    const other = await createProject(owner, workspaceId, { name: "Other" });
    expect(namesIn(await get(owner, `/projects/${other}/files`))).toEqual([]);
  });

  it("takes a file of exactly 10 MB and refuses one byte more with 413, storing nothing", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const largest = randomBytes(FILE_MAX_BYTES);
    const accepted = await upload(owner, { projectId, workspaceId }, { bytes: largest });
    expect(accepted.statusCode).toBe(201);
    const downloaded = await get(owner, `/files/${accepted.json().data.id}`);
    expect(downloaded.rawPayload.equals(largest)).toBe(true);

    const before = await storedFiles();
    const refused = await upload(owner, { projectId, workspaceId }, { bytes: randomBytes(FILE_MAX_BYTES + 1) });
    expectError(refused, 413, {
      status: "413",
      code: "PAYLOAD_TOO_LARGE",
      detail: "File is too large (maximum is 10 MB)",
      source: { parameter: "data[file]" },
    });
    expect(await storedFiles()).toBe(before);
  });

  it("refuses an empty file with 422", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const before = await storedFiles();
    expectError(await upload(owner, { projectId, workspaceId }, { bytes: "" }), 422, {
      code: "VALIDATION",
      detail: "File is empty",
      source: { parameter: "data[file]" },
    });
    expect(await storedFiles()).toBe(before);
  });

  it("refuses an upload without a file or ids, and one that is not multipart", async () => {
    const { owner, projectId } = await setUp();
    const boundary = "xyz";
    const noFile = await t.app.inject({
      method: "POST",
      url: "/api/v1/files",
      headers: { ...owner.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="data[project_id]"\r\n\r\n${projectId}\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.map((error: { source: { parameter: string } }) => error.source.parameter)).toEqual([
      "data[file]",
      "data[workspace_id]",
    ]);
    expect((await sendJson(owner, "POST", "/files", { data: { project_id: projectId } })).statusCode).toBe(415);
  });

  it("knows no project, list or file to someone outside the workspace", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const id = (await upload(owner, { projectId, workspaceId }, { bytes: "secret" })).json().data.id;
    const stranger = await newUser();
    const before = await storedFiles();
    expectError(await upload(stranger, { projectId, workspaceId }, { bytes: "x" }), 404, {
      detail: "Project not found",
    });
    expectError(await get(stranger, `/projects/${projectId}/files`), 404, { detail: "Project not found" });
    expectError(await get(stranger, `/files/${id}`), 404, { detail: "File not found" });
    expectError(await remove(stranger, `/files/${id}`), 404, { detail: "File not found" });
    // Unknown and malformed ids are as unknown.
    expectError(await get(owner, `/files/${randomUUID()}`), 404, { detail: "File not found" });
    expectError(await get(owner, "/files/not-a-uuid"), 404, { detail: "File not found" });
    expectError(await get(owner, "/projects/not-a-uuid/files"), 404, { detail: "Project not found" });
    expectError(await upload(owner, { projectId: "nope", workspaceId }, { bytes: "x" }), 404, {});
    expect(await storedFiles()).toBe(before);
    expect((await get(owner, `/files/${id}`)).body).toBe("secret");
  });

  it("knows no project under another workspace than its own", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const otherWorkspace = await createWorkspace(owner, "Elsewhere");
    expectError(await upload(owner, { projectId, workspaceId: otherWorkspace }, { bytes: "x" }), 404, {
      detail: "Project not found",
    });
    expect((await upload(owner, { projectId, workspaceId }, { bytes: "x" })).statusCode).toBe(201);
  });

  it("shows files to a project viewer but takes none from them and lets them remove none", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const id = (await upload(owner, { projectId, workspaceId }, { bytes: "brief" })).json().data.id;
    const viewer = await newUser();
    await join(workspaceId, viewer, "viewer");
    expectError(await get(viewer, `/files/${id}`), 404, { code: "NOT_FOUND" });
    await joinProject(workspaceId, projectId, viewer, "viewer");
    const before = await storedFiles();
    expectError(await upload(viewer, { projectId, workspaceId }, { bytes: "x" }), 403, {
      code: "FORBIDDEN",
      detail: "Your role does not allow adding files to this project",
    });
    expect(await storedFiles()).toBe(before);
    expect((await get(viewer, `/projects/${projectId}/files`)).json().data).toHaveLength(1);
    expect((await get(viewer, `/files/${id}`)).body).toBe("brief");
    expectError(await remove(viewer, `/files/${id}`), 403, { code: "FORBIDDEN" });
  });

  it("lets a project collaborator add files, and only those who may edit the project remove them", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const collaborator = await newUser();
    await join(workspaceId, collaborator, "collaborator");
    await joinProject(workspaceId, projectId, collaborator, "collaborator");
    const added = await upload(collaborator, { projectId, workspaceId }, { bytes: "notes" });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.attributes.uploaded_by).toBe(collaborator.userId);
    const id = added.json().data.id;
    expectError(await remove(collaborator, `/files/${id}`), 403, {
      detail: "Your role does not allow removing files from this project",
    });
    const removed = await remove(owner, `/files/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ meta: { position: 0, result: "removed" } });
    expectError(await get(owner, `/files/${id}`), 404, { detail: "File not found" });
    expect((await get(owner, `/projects/${projectId}/files`)).json().data).toEqual([]);
  });

  it("takes no file into an archived project and removes none from it, while still serving its files", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const id = (await upload(owner, { projectId, workspaceId }, { bytes: "kept" })).json().data.id;
    const archived = await sendJson(owner, "PUT", `/workspaces/${workspaceId}/projects/${projectId}`, {
      status: "Archived",
    });
    expect(archived.statusCode).toBe(200);
    const before = await storedFiles();
    expectError(await upload(owner, { projectId, workspaceId }, { bytes: "x" }), 422, {
      code: "VALIDATION",
      detail: "Archived projects: no editing",
    });
    expectError(await remove(owner, `/files/${id}`), 422, { detail: "Archived projects: no editing" });
    expect(await storedFiles()).toBe(before);
    expect((await get(owner, `/files/${id}`)).body).toBe("kept");
    expect((await get(owner, `/projects/${projectId}/files`)).json().data).toHaveLength(1);
  });

  it("stores a retried upload once and answers the first answer; the key with another file is refused", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const key = randomUUID();
    const before = await storedFiles();
    const first = await upload(owner, { projectId, workspaceId }, { bytes: everyByte, key });
    expect(first.statusCode).toBe(201);
    // A retry builds a new body (another boundary): the same file and fields are the same request.
    const again = await upload(owner, { projectId, workspaceId }, { bytes: everyByte, key });
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await storedFiles()).toBe(before + 1);
    const changed = Buffer.from(everyByte);
    changed[0] = (changed[0] ?? 0) ^ 1;
    expectError(await upload(owner, { projectId, workspaceId }, { bytes: changed, key }), 422, {
      code: "IDEMPOTENCY_KEY_REUSED",
    });
    expect(await storedFiles()).toBe(before + 1);
  });

  it("serves any file, HTML included, as a download under its exact name, quotes and all", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const html = "<script>alert(document.cookie)</script>";
    // Browsers send a name's double quotes as %22 and the rest as raw UTF-8.
    const created = await upload(
      owner,
      { projectId, workspaceId },
      { bytes: html, filename: "Offer %22final%22 – Zoë's.html", contentType: "text/html" },
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toMatchObject({
      name: `Offer "final" – Zoë's.html`,
      content_type: "text/html",
    });
    const downloaded = await get(owner, `/files/${created.json().data.id}`);
    expect(downloaded.body).toBe(html);
    expect(downloaded.headers["content-type"]).toBe("text/html");
    expect(downloaded.headers["content-disposition"]).toBe(
      `attachment; filename="Offer _final_ _ Zo_'s.html"; filename*=UTF-8''Offer%20%22final%22%20%E2%80%93%20Zo%C3%AB%27s.html`,
    );
    expect(downloaded.headers["x-content-type-options"]).toBe("nosniff");
    expect(downloaded.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
  });

  it("serves a file sent with a malformed media type as plain bytes", async () => {
    const { owner, workspaceId, projectId } = await setUp();
    const created = await upload(owner, { projectId, workspaceId }, { bytes: "x", contentType: "not a type" });
    expect(created.json().data.attributes.content_type).toBe("application/octet-stream");
  });
});
