import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

const password = "correct horse battery";
const proxy = "10.0.0.1";

function signIn(
  app: FastifyInstance,
  email: string,
  given: string,
  from: { socket?: string; forwardedFor?: string } = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/v1/auth/sign_in",
    payload: { email, password: given },
    ...(from.socket ? { remoteAddress: from.socket } : {}),
    ...(from.forwardedFor ? { headers: { "x-forwarded-for": from.forwardedFor } } : {}),
  });
}

/** Thirty wrong passwords from one address, five per email (no email is locked by them). */
async function reachAddressLimit(app: FastifyInstance, tag: string, from: { socket?: string; forwardedFor?: string }) {
  for (let e = 0; e < 6; e++) {
    for (let i = 0; i < 5; i++) {
      expect((await signIn(app, `${tag}-${e}@example.com`, "wrong guess", from)).statusCode).toBe(401);
    }
  }
}

/** Two wrong passwords for a fresh email: the second is checked (401) unless its address is at its limit (429). */
async function secondTry(app: FastifyInstance, email: string, from: { socket?: string; forwardedFor?: string }) {
  await signIn(app, email, "wrong guess", from);
  return (await signIn(app, email, "wrong guess", from)).statusCode;
}

describe("behind no trusted proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("checks at most five of sixty wrong passwords sent at once for one email, and refuses the rest with 429", async () => {
    await signUpUser(t.app, "besieged@example.com", password);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => signIn(t.app, "besieged@example.com", "wrong guess", { socket: "192.0.2.60" })),
    );
    const byStatus: Record<number, number> = {};
    for (const answer of answers) byStatus[answer.statusCode] = (byStatus[answer.statusCode] ?? 0) + 1;
    console.log(`60 concurrent wrong sign-ins for one email, answers by status: ${JSON.stringify(byStatus)}`);
    // A 401 is a checked password; a 429 was refused before any check.
    expect(byStatus[401] ?? 0).toBeLessThanOrEqual(5);
    expect((byStatus[401] ?? 0) + (byStatus[429] ?? 0)).toBe(60);
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(answer.json()).toEqual({ success: false, errors: [expect.any(String)] });
    }
    // The email is locked now, even for its right password.
    expect((await signIn(t.app, "besieged@example.com", password, { socket: "192.0.2.61" })).statusCode).toBe(429);
  });

  it("ignores X-Forwarded-For: every forwarded address counts against the socket's", async () => {
    const socket = "192.0.2.70";
    await reachAddressLimit(t.app, "untrusted", { socket, forwardedFor: "203.0.113.1" });
    expect(await secondTry(t.app, "untrusted-probe@example.com", { socket, forwardedFor: "203.0.113.2" })).toBe(429);
  });
});

describe("behind a trusted proxy (TRUST_PROXY)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ trustProxy: proxy });
  });
  afterAll(async () => {
    await t.close();
  });

  it("counts each forwarded address on its own", async () => {
    await reachAddressLimit(t.app, "forwarded", { socket: proxy, forwardedFor: "203.0.113.10" });
    expect(await secondTry(t.app, "forwarded-a@example.com", { socket: proxy, forwardedFor: "203.0.113.10" })).toBe(
      429,
    );
    expect(await secondTry(t.app, "forwarded-b@example.com", { socket: proxy, forwardedFor: "203.0.113.11" })).toBe(
      401,
    );
  });

  it("still signs in another account's right password from an address past its limit", async () => {
    await signUpUser(t.app, "colleague@example.com", password);
    const shared = { socket: proxy, forwardedFor: "203.0.113.20" };
    await reachAddressLimit(t.app, "shared", shared);
    const answer = await signIn(t.app, "colleague@example.com", password, shared);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["access-token"]).toBeTruthy();
  });
});
