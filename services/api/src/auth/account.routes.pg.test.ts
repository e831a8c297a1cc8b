import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countEvents,
  type SignedIn,
  sessionHeadersOf,
  signUpUser,
  startTestApp,
  type TestApp,
} from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const password = "correct horse battery";
let emails = 0;
const newUser = () => signUpUser(t.app, `account${++emails}@example.com`);

function putAccount(user: SignedIn, payload: unknown, key?: string) {
  return t.app.inject({
    method: "PUT",
    url: "/api/v1/auth",
    headers: { ...user.headers, "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
    payload: JSON.stringify(payload),
  });
}

const validate = (headers: Record<string, string>, app = t.app) =>
  app.inject({ method: "GET", url: "/api/v1/auth/validate_token", headers });

async function signInAgain(user: SignedIn): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/auth/sign_in",
    payload: { email: user.email, password },
  });
  expect(response.statusCode).toBe(200);
  return sessionHeadersOf(response.headers);
}

describe("PUT /auth (the user's own profile)", () => {
  it("changes name and colour, answers devise's shape with meta.position, and validate_token shows it", async () => {
    const user = await newUser();
    const response = await putAccount(user, { first_name: "  Ada ", last_name: "Lovelace", color: "violet" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: "success",
      data: {
        id: user.userId,
        email: user.email,
        uid: user.email,
        provider: "email",
        first_name: "Ada",
        last_name: "Lovelace",
        picture: null,
        color: "violet",
        updated_at: t.clock.now.toISOString(),
      },
      meta: { position: expect.any(Number) },
    });
    expect(body.meta.position).toBeGreaterThan(0);
    const after = await validate(user.headers);
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ first_name: "Ada", last_name: "Lovelace", color: "violet" });
  });

  it("keeps fields left out as they were", async () => {
    const user = await newUser();
    await putAccount(user, { first_name: "Grace", last_name: "Hopper", color: "green" });
    const response = await putAccount(user, { last_name: "Murray Hopper" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ first_name: "Grace", last_name: "Murray Hopper", color: "green" });
  });

  it("writes the users read model and the change log of the user's scope, without the password hash", async () => {
    const user = await newUser();
    const response = await putAccount(user, { first_name: "Linus", color: "red" });
    expect(response.statusCode).toBe(200);
    const position = response.json().meta.position;
    const row = await t.db.selectFrom("read.users").selectAll().where("id", "=", user.userId).executeTakeFirst();
    expect(row).toMatchObject({ first_name: "Linus", last_name: "", color: "red", updated_at: t.clock.now });
    const { rows } = await t.pool.query<{ position: string; entity: string; op: string; data: unknown }>(
      "select position, entity, op, data from read.change_log where scope = $1 and position = $2",
      [`user:${user.userId}`, position],
    );
    expect(rows).toEqual([
      {
        position: String(position),
        entity: "user",
        op: "put",
        data: {
          id: user.userId,
          email: user.email,
          first_name: "Linus",
          last_name: "",
          picture: null,
          color: "red",
          updated_at: expect.stringMatching(/^2026-11-22T12:00:00/),
        },
      },
    ]);
  });

  it("refuses a colour outside the avatar colours with devise's field error, changing nothing", async () => {
    const user = await newUser();
    const before = await countEvents(t.pool);
    const response = await putAccount(user, { first_name: "Eve", color: "orange" });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: "error",
      errors: { color: ["is not included in the list"], full_messages: ["Color is not included in the list"] },
    });
    expect(await countEvents(t.pool)).toBe(before);
    expect((await validate(user.headers)).json().data.first_name).toBe("");
  });

  it("refuses unknown fields, and names too long", async () => {
    const user = await newUser();
    const unknown = await putAccount(user, { first_name: "Eve", email: "other@example.com" });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      status: "error",
      errors: { base: ["Unknown fields: email"], full_messages: ["Unknown fields: email"] },
    });
    const long = await putAccount(user, { last_name: "x".repeat(101) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.last_name).toEqual(["is too long (maximum is 100 characters)"]);
    const notObject = await putAccount(user, ["first_name"]);
    expect(notObject.statusCode).toBe(422);
    expect(notObject.json().errors.base).toEqual(["Body must be a JSON object"]);
  });

  it("answers 401 without a session", async () => {
    const response = await t.app.inject({ method: "PUT", url: "/api/v1/auth", payload: { first_name: "Mallory" } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: "error", errors: ["User was not found or was not logged in."] });
  });

  it("answers a repeat with the same Idempotency-Key and body with the first answer, changing nothing", async () => {
    const user = await newUser();
    const key = randomUUID();
    const first = await putAccount(user, { first_name: "Ada", color: "pink" }, key);
    expect(first.statusCode).toBe(200);
    // Another change in between: the repeat must not put the old name back.
    expect((await putAccount(user, { first_name: "Augusta" })).statusCode).toBe(200);
    const events = await countEvents(t.pool);
    const again = await putAccount(user, { first_name: "Ada", color: "pink" }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await countEvents(t.pool)).toBe(events);
    expect((await validate(user.headers)).json().data.first_name).toBe("Augusta");
    const otherBody = await putAccount(user, { first_name: "Someone else" }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(await countEvents(t.pool)).toBe(events);
  });
});

describe("DELETE /auth/sessions (sign out other devices)", () => {
  it("ends every other session of the user, in every API process, and keeps the caller's", async () => {
    const user = await newUser();
    const second = await signInAgain(user);
    const third = await signInAgain(user);
    const stranger = await newUser();
    const other = await t.anotherProcess();
    // The other process has the third session checked and cached.
    expect((await validate(third, other)).statusCode).toBe(200);

    const response = await t.app.inject({ method: "DELETE", url: "/api/v1/auth/sessions", headers: second });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, ended: 2 });

    expect((await validate(user.headers)).statusCode).toBe(401);
    expect((await validate(third)).statusCode).toBe(401);
    await expect.poll(async () => (await validate(third, other)).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
    expect((await validate(second)).statusCode).toBe(200);
    expect((await validate(stranger.headers)).statusCode).toBe(200);
  });

  it("answers 0 when no other device is signed in, and 401 without a session", async () => {
    const user = await newUser();
    const alone = await t.app.inject({ method: "DELETE", url: "/api/v1/auth/sessions", headers: user.headers });
    expect(alone.json()).toEqual({ success: true, ended: 0 });
    const anonymous = await t.app.inject({ method: "DELETE", url: "/api/v1/auth/sessions" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, errors: ["User was not found or was not logged in."] });
  });

  it("answers a repeat with the same Idempotency-Key with the first answer, ending no newer session", async () => {
    const user = await newUser();
    await signInAgain(user);
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: "DELETE",
        url: "/api/v1/auth/sessions",
        headers: { ...user.headers, "idempotency-key": key },
      });
    expect((await send()).json()).toEqual({ success: true, ended: 1 });
    const newer = await signInAgain(user);
    const again = await send();
    expect(again.json()).toEqual({ success: true, ended: 1 });
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((await validate(newer)).statusCode).toBe(200);
  });
});
