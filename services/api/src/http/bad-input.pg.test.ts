import { randomUUID } from "node:crypto";
import type { ErrorCode } from "@hirestream/contracts/errors.ts";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countEvents, type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
/** The owner's workspace, which the stranger must never reach. */
let workspace: { id: string; position: number };

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUpUser(t.app, "owner@example.com");
  stranger = await signUpUser(t.app, "stranger@example.com");
  const created = await t.app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers: owner.headers,
    payload: { data: { type: "workspace", attributes: { name: "Owned" } } },
  });
  expect(created.statusCode).toBe(201);
  workspace = { id: created.json().data.id, position: created.json().meta.position };
});
afterAll(async () => {
  await t.close();
});

const workspaceUrl = () => `/api/v1/workspaces/${workspace.id}`;
const doc = (attributes: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ data: { type: "workspace", ...extra, attributes } });

/** A request whose body is sent byte for byte as given, as JSON unless told otherwise. */
function raw(
  method: "POST" | "PUT" | "DELETE",
  url: string,
  body: string,
  options: { contentType?: string; as?: SignedIn | null } = {},
): InjectOptions {
  const session = options.as === undefined ? owner : options.as;
  return {
    method,
    url,
    headers: { ...(session?.headers ?? {}), "content-type": options.contentType ?? "application/json" },
    payload: body,
  };
}

function get(url: string, as: SignedIn | null = owner, headers: Record<string, string> = {}): InjectOptions {
  return { method: "GET", url, headers: { ...(as?.headers ?? {}), ...headers } };
}

function bare(method: "GET" | "DELETE" | "PATCH", url: string, headers: Record<string, string>): InjectOptions {
  return { method, url, headers };
}

interface Case {
  name: string;
  request: () => InjectOptions;
  status: number;
  code: ErrorCode;
  pointer?: string;
  parameter?: string;
  detail?: string;
}

const oneMebibyte = 1024 * 1024;
const garbageSession = {
  "access-token": "garbage",
  client: "garbage",
  uid: "owner@example.com",
  "token-type": "Bearer",
};

const cases: Case[] = [
  // Bodies that are not JSON, or not a JSON object.
  {
    name: "malformed JSON on create",
    request: () => raw("POST", "/api/v1/workspaces", '{"data": {"type": "workspace",'),
    status: 400,
    code: "BAD_REQUEST",
  },
  {
    name: "malformed JSON on update",
    request: () => raw("PUT", workspaceUrl(), "{name: 'single quotes'}"),
    status: 400,
    code: "BAD_REQUEST",
  },
  {
    name: "an empty JSON body",
    request: () => raw("POST", "/api/v1/workspaces", ""),
    status: 400,
    code: "BAD_REQUEST",
  },
  {
    name: "a __proto__ key",
    request: () => raw("POST", "/api/v1/workspaces", '{"name": "x", "__proto__": {"admin": true}}'),
    status: 400,
    code: "BAD_REQUEST",
  },
  {
    name: "JSON nested 5,000 levels deep, with an Idempotency-Key",
    request: () => ({
      ...raw("POST", "/api/v1/workspaces", "[".repeat(5000) + "]".repeat(5000)),
      headers: { ...owner.headers, "content-type": "application/json", "idempotency-key": randomUUID() },
    }),
    status: 400,
    code: "BAD_REQUEST",
  },
  {
    name: "a JSON array body",
    request: () => raw("POST", "/api/v1/workspaces", '[{"name": "Listed"}]'),
    status: 422,
    code: "VALIDATION",
    pointer: "/",
  },
  {
    name: "a JSON string body",
    request: () => raw("POST", "/api/v1/workspaces", '"Recruiting"'),
    status: 422,
    code: "VALIDATION",
    pointer: "/",
  },
  {
    name: "a JSON number body",
    request: () => raw("PUT", workspaceUrl(), "42"),
    status: 422,
    code: "VALIDATION",
    pointer: "/",
  },
  {
    name: "a JSON null body",
    request: () => raw("POST", "/api/v1/workspaces", "null"),
    status: 422,
    code: "VALIDATION",
    pointer: "/",
  },
  // Wrong types.
  {
    name: "a numeric name",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: 42 })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/name",
  },
  {
    name: "a numeric name in a flat body",
    request: () => raw("POST", "/api/v1/workspaces", '{"name": 42}'),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/name",
  },
  {
    name: "a list as the name",
    request: () => raw("PUT", workspaceUrl(), '{"name": ["a", "b"]}'),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/name",
  },
  {
    name: "a string as visible on update",
    request: () => raw("PUT", workspaceUrl(), '{"name": "Owned", "visible": "yes"}'),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/visible",
  },
  {
    name: "a string as visible on create",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "V", visible: "yes" })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/visible",
  },
  {
    name: "a numeric description",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "D", description: 7 })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/description",
  },
  {
    name: "a user_id that is not a UUID",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "U", user_id: "me" })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/user_id",
  },
  {
    name: "a data.id that is not a UUID",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "I" }, { id: "abc" })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/id",
  },
  {
    name: "data as a string",
    request: () => raw("POST", "/api/v1/workspaces", '{"data": "workspace"}'),
    status: 422,
    code: "VALIDATION",
    pointer: "/data",
  },
  {
    name: "attributes as a list",
    request: () => raw("POST", "/api/v1/workspaces", '{"data": {"type": "workspace", "attributes": []}}'),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes",
  },
  // Unknown fields.
  {
    name: "an unknown attribute on create",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "C", colour: "red" })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/colour",
    detail: "is not a known attribute",
  },
  {
    name: "an unknown attribute on update",
    request: () => raw("PUT", workspaceUrl(), doc({ colour: "red" })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/colour",
  },
  {
    name: "an unknown field in a flat body",
    request: () => raw("PUT", workspaceUrl(), '{"name": "Owned", "colour": "red"}'),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/colour",
  },
  {
    name: "an unknown top-level member",
    request: () =>
      raw(
        "POST",
        "/api/v1/workspaces",
        JSON.stringify({ data: { type: "workspace", attributes: { name: "T" } }, extra: 1 }),
      ),
    status: 422,
    code: "VALIDATION",
    pointer: "/extra",
  },
  {
    name: "an unknown member of data",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "M" }, { colour: "red" })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/colour",
  },
  // Wrong or missing type, missing fields.
  {
    name: "a wrong data.type",
    request: () =>
      raw("POST", "/api/v1/workspaces", JSON.stringify({ data: { type: "project", attributes: { name: "P" } } })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/type",
  },
  {
    name: "a wrong data.type on update",
    request: () => raw("PUT", workspaceUrl(), JSON.stringify({ data: { type: "person", attributes: { name: "P" } } })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/type",
  },
  {
    name: "no data.type",
    request: () => raw("POST", "/api/v1/workspaces", JSON.stringify({ data: { attributes: { name: "P" } } })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/type",
  },
  {
    name: "no name",
    request: () => raw("POST", "/api/v1/workspaces", doc({ description: "nameless" })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/name",
    detail: "This field is required",
  },
  {
    name: "a blank name on update",
    request: () => raw("PUT", workspaceUrl(), '{"name": "   "}'),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/name",
    detail: "This field is required",
  },
  {
    name: "no attributes",
    request: () => raw("POST", "/api/v1/workspaces", '{"data": {"type": "workspace"}}'),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes",
  },
  // Values out of bounds.
  {
    name: "a 121-character name",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "n".repeat(121) })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/name",
  },
  {
    name: "a 1001-character name",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "n".repeat(1001) })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/name",
  },
  {
    name: "a 501-character description",
    request: () => raw("PUT", workspaceUrl(), doc({ description: "d".repeat(501) })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/description",
  },
  {
    name: "a NUL character in the name",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "nul\u0000name" })),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/name",
  },
  {
    name: "a NUL character in the description",
    request: () => raw("PUT", workspaceUrl(), '{"description": "a\\u0000b"}'),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/description",
  },
  {
    name: "half a surrogate pair in the name",
    request: () => raw("POST", "/api/v1/workspaces", '{"name": "broken \\ud800 text"}'),
    status: 422,
    code: "VALIDATION",
    pointer: "/data/attributes/name",
  },
  // Size and media type.
  {
    name: "a body over 1 MiB",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "Big", description: "x".repeat(oneMebibyte) })),
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
  },
  {
    name: "a text/plain body",
    request: () => raw("POST", "/api/v1/workspaces", "name=Plain", { contentType: "text/plain" }),
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
  {
    name: "an XML body",
    request: () => raw("PUT", workspaceUrl(), "<name>X</name>", { contentType: "application/xml" }),
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
  {
    name: "a form-encoded body",
    request: () => raw("POST", "/api/v1/workspaces", "name=Form", { contentType: "application/x-www-form-urlencoded" }),
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
  // Query strings and headers.
  {
    name: "limit=15",
    request: () => get("/api/v1/workspaces?limit=15"),
    status: 422,
    code: "VALIDATION",
    parameter: "limit",
  },
  {
    name: "page=0",
    request: () => get("/api/v1/workspaces?page=0"),
    status: 422,
    code: "VALIDATION",
    parameter: "page",
  },
  {
    name: "page=abc",
    request: () => get("/api/v1/workspaces?page=abc"),
    status: 422,
    code: "VALIDATION",
    parameter: "page",
  },
  {
    name: "an unknown query parameter",
    request: () => get("/api/v1/workspaces?sort=name"),
    status: 422,
    code: "VALIDATION",
    parameter: "sort",
  },
  {
    name: "a 201-character search",
    request: () => get(`/api/v1/workspaces?search_by=${"s".repeat(201)}`),
    status: 422,
    code: "VALIDATION",
    parameter: "search_by",
  },
  {
    name: "a NUL character in search_by",
    request: () => get("/api/v1/workspaces?search_by=a%00b"),
    status: 422,
    code: "VALIDATION",
    parameter: "search_by",
  },
  {
    name: "an Idempotency-Key that is not a UUID",
    request: () => ({
      ...raw("POST", "/api/v1/workspaces", doc({ name: "K" })),
      headers: { ...owner.headers, "content-type": "application/json", "idempotency-key": "once" },
    }),
    status: 400,
    code: "BAD_REQUEST",
  },
  {
    name: "an x-min-position that is not a number",
    request: () => get("/api/v1/workspaces", owner, { "x-min-position": "later" }),
    status: 400,
    code: "BAD_REQUEST",
  },
  // No session, or a bad one.
  {
    name: "no session on GET /workspaces",
    request: () => get("/api/v1/workspaces", null),
    status: 401,
    code: "UNAUTHENTICATED",
  },
  {
    name: "no session on POST /workspaces",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "Anon" }), { as: null }),
    status: 401,
    code: "UNAUTHENTICATED",
  },
  {
    name: "no session on GET /workspaces/{id}",
    request: () => get(workspaceUrl(), null),
    status: 401,
    code: "UNAUTHENTICATED",
  },
  {
    name: "no session on PUT /workspaces/{id}",
    request: () => raw("PUT", workspaceUrl(), '{"name": "Anon"}', { as: null }),
    status: 401,
    code: "UNAUTHENTICATED",
  },
  {
    name: "no session on DELETE /workspaces/{id}",
    request: () => bare("DELETE", workspaceUrl(), {}),
    status: 401,
    code: "UNAUTHENTICATED",
  },
  {
    name: "a garbage token on GET /workspaces",
    request: () => bare("GET", "/api/v1/workspaces", garbageSession),
    status: 401,
    code: "UNAUTHENTICATED",
  },
  {
    name: "a garbage token on DELETE",
    request: () => bare("DELETE", workspaceUrl(), garbageSession),
    status: 401,
    code: "UNAUTHENTICATED",
  },
  {
    name: "a garbage Bearer header",
    request: () => bare("GET", workspaceUrl(), { authorization: "Bearer %%%not-base64%%%" }),
    status: 401,
    code: "UNAUTHENTICATED",
  },
  {
    name: "the right client with a wrong token",
    request: () => bare("GET", "/api/v1/workspaces", { ...owner.headers, "access-token": "x".repeat(43) }),
    status: 401,
    code: "UNAUTHENTICATED",
  },
  {
    name: "another user's uid with the owner's token",
    request: () => bare("DELETE", workspaceUrl(), { ...owner.headers, uid: stranger.email }),
    status: 401,
    code: "UNAUTHENTICATED",
  },
  // Ids that name nothing, or someone else's workspace.
  {
    name: "GET of an unknown id",
    request: () => get(`/api/v1/workspaces/${randomUUID()}`),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "PUT of an unknown id",
    request: () => raw("PUT", `/api/v1/workspaces/${randomUUID()}`, '{"name": "Ghost"}'),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "DELETE of an unknown id",
    request: () => bare("DELETE", `/api/v1/workspaces/${randomUUID()}`, owner.headers),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "PUT of a malformed id",
    request: () => raw("PUT", "/api/v1/workspaces/42", '{"name": "Ghost"}'),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "GET of someone else's workspace",
    request: () => get(workspaceUrl(), stranger, { "x-min-position": String(workspace.position) }),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "PUT of someone else's workspace",
    request: () => raw("PUT", workspaceUrl(), '{"name": "Mine now", "visible": false}', { as: stranger }),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "DELETE of someone else's workspace",
    request: () => bare("DELETE", workspaceUrl(), stranger.headers),
    status: 404,
    code: "NOT_FOUND",
  },
  // Unknown routes.
  { name: "an unknown route", request: () => get("/api/v1/nothing-here"), status: 404, code: "NOT_FOUND" },
  {
    name: "an unknown sub-route",
    request: () => raw("POST", `${workspaceUrl()}/nothing`, "{}"),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "an unrouted method",
    request: () => bare("PATCH", workspaceUrl(), owner.headers),
    status: 404,
    code: "NOT_FOUND",
  },
  { name: "another API version", request: () => get("/api/v2/workspaces"), status: 404, code: "NOT_FOUND" },
  // Conflicts.
  {
    name: "creating with the id of an existing workspace",
    request: () => raw("POST", "/api/v1/workspaces", doc({ name: "Twin" }, { id: workspace.id })),
    status: 409,
    code: "ALREADY_EXISTS",
  },
  {
    name: "an update whose data.id is another workspace's",
    request: () => raw("PUT", workspaceUrl(), doc({ name: "Crossed" }, { id: randomUUID() })),
    status: 409,
    code: "CONFLICT",
    pointer: "/data/id",
  },
];

function expectErrorDocument(response: LightMyRequestResponse, status: number, code: ErrorCode) {
  expect(response.statusCode).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
  const body = response.json();
  expect(body.errors).toBeInstanceOf(Array);
  expect(body.errors.length).toBeGreaterThan(0);
  const [first] = body.errors;
  expect(first).toMatchObject({ status: String(status), code });
  expect(typeof first.title).toBe("string");
  expect(typeof first.detail).toBe("string");
  return first;
}

describe("bad input to the workspace API", () => {
  for (const c of cases) {
    it(`answers ${c.status} ${c.code} for ${c.name} and changes nothing`, async () => {
      const before = await countEvents(t.pool);
      const response = await t.app.inject(c.request());
      const error = expectErrorDocument(response, c.status, c.code);
      if (c.pointer !== undefined) expect(error.source).toEqual({ pointer: c.pointer });
      if (c.parameter !== undefined) expect(error.source).toEqual({ parameter: c.parameter });
      if (c.detail !== undefined) expect(error.detail).toBe(c.detail);
      expect(await countEvents(t.pool)).toBe(before);
    });
  }

  it("says what is wrong with a value of the wrong type rather than that it is missing", async () => {
    const response = await t.app.inject(raw("POST", "/api/v1/workspaces", doc({ name: 42 })));
    const error = expectErrorDocument(response, 422, "VALIDATION");
    expect(error.detail).not.toBe("This field is required");
    expect(error.detail).toMatch(/string/);
  });

  it("leaves the owner's workspace as it was after all of the above", async () => {
    const head = await t.store.headPosition();
    const response = await t.app.inject(get(workspaceUrl(), owner, { "x-min-position": String(head) }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({
      name: "Owned",
      description: "New Workspace",
      visible: true,
      user_id: owner.userId,
    });
  });

  it("answers 401 to a session that has expired, on every workspace route", async () => {
    const user = await signUpUser(t.app, "expiring@example.com");
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 15 * 24 * 60 * 60 * 1000);
    try {
      const requests = [
        get("/api/v1/workspaces", user),
        raw("POST", "/api/v1/workspaces", doc({ name: "Late" }), { as: user }),
        get(workspaceUrl(), user),
        raw("PUT", workspaceUrl(), '{"name": "Late"}', { as: user }),
        bare("DELETE", workspaceUrl(), user.headers),
      ];
      const before = await countEvents(t.pool);
      for (const request of requests) expectErrorDocument(await t.app.inject(request), 401, "UNAUTHENTICATED");
      expect(await countEvents(t.pool)).toBe(before);
    } finally {
      t.clock.now = saved;
    }
  });

  it("answers 401 to a session that signed out", async () => {
    const user = await signUpUser(t.app, "leaver@example.com");
    const out = await t.app.inject({ method: "DELETE", url: "/api/v1/auth/sign_out", headers: user.headers });
    expect(out.statusCode).toBe(200);
    expectErrorDocument(await t.app.inject(get("/api/v1/workspaces", user)), 401, "UNAUTHENTICATED");
  });

  it("answers parallel renames of one workspace with 200 or a JSON:API 409 CONFLICT, never a 500", async () => {
    const created = await t.app.inject(raw("POST", "/api/v1/workspaces", doc({ name: "Contended" })));
    expect(created.statusCode).toBe(201);
    const url = `/api/v1/workspaces/${created.json().data.id}`;
    const names = Array.from({ length: 24 }, (_, i) => `Contender ${i}`);
    const answers = await Promise.all(
      names.map((name, i) => t.app.inject(raw("PUT", url, JSON.stringify({ name, visible: i % 2 === 0 })))),
    );
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.statusCode);
      if (answer.statusCode === 409) expectErrorDocument(answer, 409, "CONFLICT");
    }
    const winners = answers.filter((answer) => answer.statusCode === 200);
    expect(winners.length).toBeGreaterThan(0);
    const position = Math.max(...winners.map((answer) => answer.json().meta.position));
    const final = await t.app.inject(get(url, owner, { "x-min-position": String(position) }));
    expect(final.statusCode).toBe(200);
    expect(names).toContain(final.json().data.attributes.name);
    const { rows } = await t.pool.query(
      "select count(*)::int as n from events where stream_id = $1 and type = 'WorkspaceRenamed'",
      [`workspace-${created.json().data.id}`],
    );
    expect(rows[0].n).toBeLessThanOrEqual(winners.length);
  });
});

describe("bad input to the auth endpoints", () => {
  const authCalls = [
    { method: "POST", url: "/api/v1/auth" },
    { method: "POST", url: "/api/v1/auth/sign_in" },
    { method: "POST", url: "/api/v1/auth/password" },
    { method: "PUT", url: "/api/v1/auth/password" },
  ] as const;

  for (const call of authCalls) {
    it(`answers malformed JSON to ${call.method} ${call.url} with a 400 JSON document, never a 500`, async () => {
      const before = await countEvents(t.pool);
      const response = await t.app.inject(raw(call.method, call.url, '{"email": "a@example.com", ', { as: null }));
      expectErrorDocument(response, 400, "BAD_REQUEST");
      expect(await countEvents(t.pool)).toBe(before);
    });

    it(`answers a body over 1 MiB to ${call.method} ${call.url} with 413`, async () => {
      const response = await t.app.inject(
        raw(call.method, call.url, JSON.stringify({ email: "x".repeat(oneMebibyte) }), { as: null }),
      );
      expectErrorDocument(response, 413, "PAYLOAD_TOO_LARGE");
    });
  }

  it("answers bodies of the wrong shape in devise's shapes, never a 500", async () => {
    const before = await countEvents(t.pool);
    const signUp = await t.app.inject(raw("POST", "/api/v1/auth", "[1, 2]", { as: null }));
    expect(signUp.statusCode).toBe(422);
    expect(signUp.json()).toMatchObject({ status: "error", errors: { full_messages: expect.any(Array) } });
    const signIn = await t.app.inject(
      raw("POST", "/api/v1/auth/sign_in", '{"email": 5, "password": []}', { as: null }),
    );
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual({ success: false, errors: ["Invalid login credentials. Please try again."] });
    const reset = await t.app.inject(raw("POST", "/api/v1/auth/password", '"owner@example.com"', { as: null }));
    expect(reset.statusCode).toBe(422);
    expect(reset.json()).toMatchObject({ success: false, errors: expect.any(Array) });
    const update = await t.app.inject(raw("PUT", "/api/v1/auth/password", '{"password": 12345678}', { as: null }));
    expect(update.statusCode).toBe(422);
    expect(update.json()).toMatchObject({ success: false });
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("answers an email with a NUL character without a 500", async () => {
    const body = JSON.stringify({ email: "nul\u0000@example.com", password: "whatever it is" });
    const signIn = await t.app.inject(raw("POST", "/api/v1/auth/sign_in", body, { as: null }));
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual({ success: false, errors: ["Invalid login credentials. Please try again."] });
    const reset = await t.app.inject(
      raw("POST", "/api/v1/auth/password", JSON.stringify({ email: "nul\u0000@example.com" }), { as: null }),
    );
    expect(reset.statusCode).toBe(422);
    const signUp = await t.app.inject(
      raw(
        "POST",
        "/api/v1/auth",
        JSON.stringify({
          email: "nul\u0000@example.com",
          password: "long enough",
          password_confirmation: "long enough",
        }),
        { as: null },
      ),
    );
    expect(signUp.statusCode).toBe(422);
    expect(signUp.json()).toMatchObject({ status: "error", errors: { email: ["Valid email is required"] } });
  });

  it("throttles failed sign-ins with 429, Retry-After and devise's shape", async () => {
    await signUpUser(t.app, "throttled@example.com");
    const attempt = (password: string) =>
      t.app.inject(
        raw("POST", "/api/v1/auth/sign_in", JSON.stringify({ email: "throttled@example.com", password }), {
          as: null,
        }),
      );
    for (let i = 0; i < 5; i++) expect((await attempt("not the password")).statusCode).toBe(401);
    const blocked = await attempt("correct horse battery");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["content-type"]).toMatch(/^application\/json/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    const body = blocked.json();
    expect(body).toEqual({ success: false, errors: [expect.any(String)] });
    expect(blocked.headers["access-token"]).toBeUndefined();
  });
});
