import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionHeadersOf, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
});
afterAll(async () => {
  await t.close();
});

const password = "correct horse battery";

describe("sign up", () => {
  it("creates the account, answers devise's shape and signs the new user in", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth",
      payload: { email: "Ada@Example.com", password, password_confirmation: password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe("success");
    expect(body.data).toMatchObject({ email: "ada@example.com", first_name: "", last_name: "", picture: null });
    expect(["blue", "yellow", "violet", "red", "green", "pink"]).toContain(body.data.color);
    for (const header of ["access-token", "client", "uid", "expiry", "token-type"]) {
      expect(response.headers[header]).toBeTruthy();
    }
    const validate = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/validate_token",
      headers: sessionHeadersOf(response.headers),
    });
    expect(validate.statusCode).toBe(200);
    expect(validate.json()).toMatchObject({ success: true, data: { email: "ada@example.com" } });
  });

  it("refuses a second account for the same email in any case", async () => {
    await signUpUser(t.app, "grace@example.com");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth",
      payload: { email: "GRACE@example.com", password, password_confirmation: password },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      status: "error",
      errors: { email: ["has already been taken"], full_messages: ["Email has already been taken"] },
    });
  });

  it("creates exactly one account when two sign-ups for one email race", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/v1/auth",
          payload: { email: "race@example.com", password, password_confirmation: password },
        }),
      ),
    );
    expect(attempts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(attempts.filter((r) => r.statusCode === 422)).toHaveLength(5);
    const users = await t.db.selectFrom("read.users").select("id").where("email", "=", "race@example.com").execute();
    expect(users).toHaveLength(1);
  });

  it("gives the spec's validation texts", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth",
      payload: { email: "not an email", password, password_confirmation: "different" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      email: ["Valid email is required"],
      password_confirmation: ["Password confirmation must match password"],
    });
  });

  it("appends nothing new when a sign-up is retried with the same Idempotency-Key", async () => {
    const key = "4f7d5a52-93c4-4c55-a1a4-0c2a8f1f6a01";
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth",
        headers: { "idempotency-key": key },
        payload: { email: "retry@example.com", password, password_confirmation: password },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.id).toBe(first.json().data.id);
    const { rows } = await t.pool.query("select count(*)::int as n from events where stream_id = $1", [
      `user-${first.json().data.id}`,
    ]);
    expect(rows[0].n).toBe(1);
  });
});

describe("sign in and out", () => {
  it("signs in with the right password and refuses the wrong one with devise's message", async () => {
    await signUpUser(t.app, "linus@example.com");
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/sign_in",
      payload: { email: "LINUS@example.com", password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email).toBe("linus@example.com");
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/sign_in",
      payload: { email: "linus@example.com", password: "nope nope nope" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, errors: ["Invalid login credentials. Please try again."] });
  });

  it("keeps several devices signed in and ends only the one that signs out", async () => {
    const first = await signUpUser(t.app, "devices@example.com");
    const second = sessionHeadersOf(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/v1/auth/sign_in",
          payload: { email: "devices@example.com", password },
        })
      ).headers,
    );
    const out = await t.app.inject({ method: "DELETE", url: "/api/v1/auth/sign_out", headers: first.headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const gone = await t.app.inject({ method: "GET", url: "/api/v1/auth/validate_token", headers: first.headers });
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ success: false, errors: ["Invalid login credentials"] });
    const still = await t.app.inject({ method: "GET", url: "/api/v1/auth/validate_token", headers: second });
    expect(still.statusCode).toBe(200);
    const again = await t.app.inject({ method: "DELETE", url: "/api/v1/auth/sign_out", headers: first.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, errors: ["User was not found or was not logged in."] });
  });

  it("ends a session in every API process at once when it signs out in one", async () => {
    const user = await signUpUser(t.app, "two-processes@example.com");
    const other = await t.anotherProcess();
    const validate = (app: typeof other) =>
      app.inject({ method: "GET", url: "/api/v1/auth/validate_token", headers: user.headers });
    // Both processes have the session checked and cached.
    expect((await validate(other)).statusCode).toBe(200);
    expect((await validate(other)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "DELETE", url: "/api/v1/auth/sign_out", headers: user.headers })).statusCode,
    ).toBe(200);
    expect((await validate(t.app)).statusCode).toBe(401);
    await expect.poll(async () => (await validate(other)).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it("accepts the session packed in a Bearer Authorization header", async () => {
    const user = await signUpUser(t.app, "bearer@example.com");
    const packed = Buffer.from(JSON.stringify(user.headers)).toString("base64");
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/validate_token",
      headers: { authorization: `Bearer ${packed}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it("stores tokens only as hashes", async () => {
    const user = await signUpUser(t.app, "hashed@example.com");
    const { rows } = await t.pool.query("select token_hash from auth_sessions where user_id = $1", [user.userId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(user.headers["access-token"]);
  });

  it("keeps at most ten devices, dropping the oldest", async () => {
    const user = await signUpUser(t.app, "many@example.com");
    for (let i = 0; i < 10; i++) {
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
      await t.app.inject({ method: "POST", url: "/api/v1/auth/sign_in", payload: { email: user.email, password } });
    }
    const { rows } = await t.pool.query("select count(*)::int as n from auth_sessions where user_id = $1", [
      user.userId,
    ]);
    expect(rows[0].n).toBe(10);
    const oldest = await t.app.inject({ method: "GET", url: "/api/v1/auth/validate_token", headers: user.headers });
    expect(oldest.statusCode).toBe(401);
  });

  it("refuses an expired session", async () => {
    const user = await signUpUser(t.app, "expired@example.com");
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 15 * 24 * 60 * 60 * 1000);
    const response = await t.app.inject({ method: "GET", url: "/api/v1/auth/validate_token", headers: user.headers });
    t.clock.now = saved;
    expect(response.statusCode).toBe(401);
  });

  it("rate-limits failed sign-ins with 429 and Retry-After", async () => {
    await signUpUser(t.app, "target@example.com");
    const attempt = (pw: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth/sign_in",
        payload: { email: "target@example.com", password: pw },
      });
    for (let i = 0; i < 5; i++) expect((await attempt("wrong password")).statusCode).toBe(401);
    const blocked = await attempt(password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 16 * 60 * 1000);
    expect((await attempt(password)).statusCode).toBe(200);
    t.clock.now = saved;
  });
});

describe("password reset", () => {
  it("mails a link, and the token sets a new password once and ends old sessions", async () => {
    const user = await signUpUser(t.app, "forgetful@example.com");
    const request = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/password",
      payload: { email: "forgetful@example.com", redirect_url: "http://localhost:3000/update_password" },
    });
    expect(request.statusCode).toBe(200);
    await t.reactions?.settle();
    const { rows } = await t.pool.query("select mime from local_mailbox where to_address = $1", [
      "forgetful@example.com",
    ]);
    const token = /reset_password_token=([\w-]+)/.exec(rows[0].mime)?.[1] ?? "";
    expect(token).not.toBe("");
    await expect
      .poll(async () => (await t.db.selectFrom("read.password_resets").selectAll().execute()).length)
      .toBeGreaterThan(0);
    const update = (pw: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/v1/auth/password",
        payload: { password: pw, password_confirmation: pw, reset_password_token: token },
      });
    const updated = await update("a brand new secret");
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ success: true, data: { email: "forgetful@example.com" } });
    expect((await update("another new secret")).statusCode).toBe(422);
    const old = await t.app.inject({ method: "GET", url: "/api/v1/auth/validate_token", headers: user.headers });
    expect(old.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/sign_in",
      payload: { email: "forgetful@example.com", password: "a brand new secret" },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/password",
      payload: { email: "nobody@example.com", redirect_url: "http://localhost:3000/update_password" },
    });
    expect(response.statusCode).toBe(200);
    const { rows } = await t.pool.query("select 1 from local_mailbox where to_address = $1", ["nobody@example.com"]);
    expect(rows).toHaveLength(0);
  });

  it("answers five identical requests sent at once (one Idempotency-Key) alike, and mails one link that works", async () => {
    await signUpUser(t.app, "hasty@example.com");
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/v1/auth/password",
          headers: { "idempotency-key": key },
          payload: { email: "hasty@example.com" },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await t.reactions?.settle();
    const { rows } = await t.pool.query<{ mime: string }>("select mime from local_mailbox where to_address = $1", [
      "hasty@example.com",
    ]);
    expect(rows).toHaveLength(1);
    const token = /reset_password_token=([\w-]+)/.exec(rows[0]?.mime ?? "")?.[1] ?? "";
    const pw = "a brand new secret";
    const updated = await t.app.inject({
      method: "PUT",
      url: "/api/v1/auth/password",
      payload: { password: pw, password_confirmation: pw, reset_password_token: token },
    });
    expect(updated.statusCode).toBe(200);
  });

  it("never links to another site", async () => {
    await signUpUser(t.app, "phish@example.com");
    await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/password",
      payload: { email: "phish@example.com", redirect_url: "https://evil.example/steal" },
    });
    await t.reactions?.settle();
    const { rows } = await t.pool.query("select mime from local_mailbox where to_address = $1", ["phish@example.com"]);
    expect(rows[0].mime).toContain("http://localhost:3000/update_password?reset_password_token=");
    expect(rows[0].mime).not.toContain("evil.example");
  });

  it("changes the password of a signed-in user who knows the current one, ending other devices", async () => {
    const user = await signUpUser(t.app, "changer@example.com");
    const other = sessionHeadersOf(
      (await t.app.inject({ method: "POST", url: "/api/v1/auth/sign_in", payload: { email: user.email, password } }))
        .headers,
    );
    const wrong = await t.app.inject({
      method: "PUT",
      url: "/api/v1/auth/password",
      headers: user.headers,
      payload: { password: "fresh secret 1", password_confirmation: "fresh secret 1", current_password: "bad" },
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await t.app.inject({
      method: "PUT",
      url: "/api/v1/auth/password",
      headers: user.headers,
      payload: { password: "fresh secret 1", password_confirmation: "fresh secret 1", current_password: password },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/auth/validate_token", headers: user.headers })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/auth/validate_token", headers: other })).statusCode).toBe(
      401,
    );
  });
});
