import { afterAll, beforeAll, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

it("serves the built web app at every client-side route, and JSON 404s under /api", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  const response = await page.goto("/sign_in");
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.title()).toBe("Hirestream");
  const api = await page.request.get("/api/v1/no_such_thing");
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ errors: [{ code: "NOT_FOUND" }] });
  await context.close();
});
