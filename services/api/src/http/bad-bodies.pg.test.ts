import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";
import { JSON_MAX_DEPTH } from "./json-body.ts";

let t: TestApp;
let owner: SignedIn;
let workspaceId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUpUser(t.app, "bodies@example.com");
  const created = await t.app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers: owner.headers,
    payload: { data: { type: "workspace", attributes: { name: "Bodies" } } },
  });
  expect(created.statusCode).toBe(201);
  workspaceId = created.json().data.id;
});
afterAll(async () => {
  await t.close();
});

type Method = "POST" | "PUT" | "PATCH" | "DELETE";
interface Route {
  method: Method;
  /** `{ws}` is the owner's workspace, `{id}` an id that names nothing. */
  path: string;
  /** Sent without a session: signing out would end the session every other request uses. */
  signedOut?: boolean;
}

const someId = randomUUID();
const urlOf = (route: Route) => route.path.replace("{ws}", workspaceId).replaceAll("{id}", someId);
/** Every write route of the API, with ids that name the owner's workspace where one is needed. */
const writeRoutes: Route[] = [
  { method: "POST", path: "/api/v1/auth" },
  { method: "PUT", path: "/api/v1/auth" },
  { method: "POST", path: "/api/v1/auth/sign_in" },
  { method: "DELETE", path: "/api/v1/auth/sign_out", signedOut: true },
  { method: "DELETE", path: "/api/v1/auth/sessions" },
  { method: "POST", path: "/api/v1/auth/provider_tickets" },
  { method: "POST", path: "/api/v1/auth/password" },
  { method: "PUT", path: "/api/v1/auth/password" },
  { method: "POST", path: "/api/v1/files" },
  { method: "DELETE", path: "/api/v1/files/{id}" },
  { method: "POST", path: "/api/v1/workspaces" },
  { method: "PUT", path: "/api/v1/workspaces/{ws}" },
  { method: "DELETE", path: "/api/v1/workspaces/{id}" },
  { method: "DELETE", path: "/api/v1/workspaces/{ws}/workspace_users/{id}" },
  { method: "POST", path: "/api/v1/workspaces/{ws}/workflows" },
  { method: "PUT", path: "/api/v1/workspaces/{ws}/workflows/{id}" },
  { method: "DELETE", path: "/api/v1/workspaces/{ws}/workflows/{id}" },
  { method: "POST", path: "/api/v1/workspaces/{ws}/workflows/{id}/assign_to_project" },
  { method: "POST", path: "/api/v1/workspaces/{ws}/providers" },
  { method: "PATCH", path: "/api/v1/workspaces/{ws}/providers/{id}" },
  { method: "DELETE", path: "/api/v1/workspaces/{ws}/providers/{id}" },
  { method: "PUT", path: "/api/v1/workspaces/{ws}/providers/{id}/test" },
  { method: "POST", path: "/api/v1/workspaces/{ws}/sequences" },
  { method: "PUT", path: "/api/v1/workspaces/{ws}/sequences/{id}" },
  { method: "DELETE", path: "/api/v1/workspaces/{ws}/sequences/{id}" },
  { method: "PUT", path: "/api/v1/workspaces/{ws}/sequences/{id}/test" },
  { method: "PUT", path: "/api/v1/workspaces/{ws}/projects/{id}/payloads/{id}" },
  { method: "PUT", path: "/api/v1/workspaces/{ws}/projects/{id}/payloads/{id}/event" },
  { method: "PUT", path: "/api/v1/projects/{id}/project_people/{id}/sequence_processors/{id}/event" },
  { method: "POST", path: "/api/v1/workspaces/{ws}/projects" },
  { method: "PUT", path: "/api/v1/workspaces/{ws}/projects/{id}" },
  { method: "DELETE", path: "/api/v1/workspaces/{ws}/projects/{id}" },
  { method: "POST", path: "/api/v1/workspaces/{ws}/projects/{id}/assign_people" },
  { method: "POST", path: "/api/v1/people/export_to_project" },
  { method: "POST", path: "/api/v1/people/import_csv" },
  { method: "POST", path: "/api/v1/people/from_profile" },
  { method: "PUT", path: "/api/v1/people/{id}" },
  { method: "PUT", path: "/api/v1/projects/{id}/project_users/{id}" },
  { method: "DELETE", path: "/api/v1/projects/{id}/project_users/{id}" },
  { method: "DELETE", path: "/api/v1/projects/{id}/project_people/{id}" },
  { method: "PUT", path: "/api/v1/projects/{id}/project_people/{id}/move" },
  { method: "PUT", path: "/api/v1/projects/{id}/project_people/{id}/person_response" },
  { method: "POST", path: "/api/v1/invitations" },
  { method: "PUT", path: "/api/v1/invitations/{id}/accept" },
  { method: "PUT", path: "/api/v1/invitations/{id}/reject" },
  { method: "DELETE", path: "/api/v1/invitations/{id}" },
  { method: "POST", path: "/api/v1/local_mailbox/inbound" },
  { method: "POST", path: "/api/v1/local_mailbox/messages/{id}/candidate_reply" },
  { method: "POST", path: "/api/v1/opt_outs/{id}", signedOut: true },
  { method: "POST", path: "/u/{id}", signedOut: true },
  { method: "DELETE", path: "/api/v1/workspaces/{ws}/people/{id}/opt_out" },
];

const levels = 5000;
const deepArrays = "[".repeat(levels) + "]".repeat(levels);
const deepObjects = `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const deepInDocument = `{"data": {"type": "workspace", "attributes": {"name": ${deepArrays}}}}`;
/** Just inside the limit: the document, data and attributes are three levels of it. */
const deepButAllowed = `{"data": {"type": "workspace", "attributes": {"name": ${"[".repeat(JSON_MAX_DEPTH - 3)}${"]".repeat(JSON_MAX_DEPTH - 3)}}}}`;

const tooDeep: { name: string; body: string }[] = [
  { name: `arrays nested ${levels} levels`, body: deepArrays },
  { name: `objects nested ${levels} levels`, body: deepObjects },
  { name: `a value nested ${levels} levels inside a document`, body: deepInDocument },
  {
    name: `arrays nested ${JSON_MAX_DEPTH + 1} levels`,
    body: "[".repeat(JSON_MAX_DEPTH + 1) + "]".repeat(JSON_MAX_DEPTH + 1),
  },
];

/** Values every field could be given, in a JSON:API document and in a flat body. */
function everywhere(value: unknown): string[] {
  const attributes = { name: value, description: value, first_name: value, title: value };
  return [
    JSON.stringify({ data: { type: "workspace", attributes } }),
    JSON.stringify({
      email: value,
      password: value,
      password_confirmation: value,
      current_password: value,
      reset_password_token: value,
      name: value,
      people_ids: value,
      stage_id: value,
    }),
  ];
}

const hugeArray = Array.from({ length: 50_000 }, () => 0);
const manyIds = Array.from({ length: 2_500 }, () => randomUUID());
const manyKeys = Object.fromEntries(Array.from({ length: 8_000 }, (_, i) => [`k${i}`, i]));

const odd: { name: string; bodies: string[] }[] = [
  { name: "a depth just inside the limit", bodies: [deepButAllowed] },
  { name: "a top-level array of 300,000 numbers", bodies: [`[${"0,".repeat(300_000)}0]`] },
  { name: "arrays of 50,000 numbers as every field", bodies: everywhere(hugeArray) },
  { name: "2,500 ids as every field", bodies: everywhere(manyIds) },
  { name: "an object of 8,000 keys", bodies: [JSON.stringify(manyKeys), ...everywhere(manyKeys)] },
  { name: "a NUL character", bodies: everywhere("nul\u0000here@example.com") },
  { name: "a lone high surrogate", bodies: everywhere("half\ud800@example.com") },
  { name: "a lone low surrogate", bodies: everywhere("\udc00") },
  { name: "a string of 100,000 characters", bodies: everywhere("x".repeat(100_000)) },
  { name: "50,000 combining marks", bodies: everywhere(`e${"\u0301".repeat(50_000)}`) },
  { name: "right-to-left overrides and zero-width characters", bodies: everywhere("\u202egnp.exe\u200b\ufeff") },
  { name: "20,000 backslashes and quotes", bodies: everywhere('\\"'.repeat(20_000)) },
  {
    name: "numbers out of range",
    bodies: [JSON.stringify({ data: { type: "workspace", attributes: { name: 1e308 } } }), '{"name": 1e999}'],
  },
];

function send(route: Route, body: string, withSession = true): Promise<LightMyRequestResponse> {
  const session = withSession && !route.signedOut ? owner.headers : {};
  return t.app.inject({
    method: route.method,
    url: urlOf(route),
    headers: { ...session, "content-type": "application/json", "idempotency-key": randomUUID() },
    payload: body,
  });
}

function expectBadRequest(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
  expect(response.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
  expect(response.json().errors[0]).toMatchObject({ status: "400", code: "BAD_REQUEST" });
}

describe("JSON nested too deeply, sent to every write route with an Idempotency-Key", () => {
  for (const route of writeRoutes) {
    it(`answers 400 to ${route.method} ${route.path}, signed in or not`, async () => {
      for (const { body } of tooDeep) {
        expectBadRequest(await send(route, body));
        expectBadRequest(await send(route, body, false));
        expectBadRequest(
          await t.app.inject({
            method: route.method,
            url: urlOf(route),
            headers: { ...owner.headers, "content-type": "application/vnd.api+json", "idempotency-key": randomUUID() },
            payload: body,
          }),
        );
      }
    });
  }
});

describe("huge, odd and pathological bodies sent to every write route with an Idempotency-Key", () => {
  for (const route of writeRoutes) {
    it(`never answers a 5xx to ${route.method} ${route.path}`, async () => {
      for (const { name, bodies } of odd) {
        for (const body of bodies) {
          const response = await send(route, body);
          expect(response.statusCode, `${name}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          // Each body fits the 1 MiB limit, so it reaches the route rather than stopping at 413.
          expect(response.statusCode, name).not.toBe(413);
          expect(() => response.json(), name).not.toThrow();
        }
      }
    });
  }

  it("lists every write route the API has", () => {
    const listed = t.app.printRoutes({ commonPrefix: false }).match(/\b(POST|PUT|PATCH|DELETE)\b/g) ?? [];
    expect(writeRoutes).toHaveLength(listed.length);
  });
});
