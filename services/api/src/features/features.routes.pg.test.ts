import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

it("turns feature_sequence on by default", async () => {
  const user = await signUpUser(t.app, "flags-on@example.com");
  const response = await t.app.inject({ method: "GET", url: "/api/v1/features", headers: user.headers });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    data: { type: "features", id: "current", attributes: { feature_sequence: true } },
  });
});

it("turns feature_sequence off when the server is configured so", async () => {
  const user = await signUpUser(t.app, "flags-off@example.com");
  const app = await buildApp({
    db: t.db,
    pool: t.pool,
    store: t.store,
    clock: () => t.clock.now,
    readModels: t.readModels,
    appUrl: "http://localhost:3000",
    features: { feature_sequence: false },
  });
  try {
    const response = await app.inject({ method: "GET", url: "/api/v1/features", headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toEqual({ feature_sequence: false });
  } finally {
    await app.close();
  }
});

it("answers 401 without a session", async () => {
  const response = await t.app.inject({ method: "GET", url: "/api/v1/features" });
  expect(response.statusCode).toBe(401);
  expect(response.json().errors[0]).toMatchObject({ status: "401", code: "UNAUTHENTICATED" });
});
