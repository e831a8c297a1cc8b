import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "hirestream-web-"));
  await mkdir(path.join(webRoot, "assets"));
  await writeFile(path.join(webRoot, "index.html"), "<!doctype html><title>Hirestream</title>");
  await writeFile(path.join(webRoot, "sw.js"), "self.addEventListener('fetch', () => {});");
  await writeFile(path.join(webRoot, "assets", "index-abc123.js"), "console.log('app');");
  t = await startTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

function directivesOf(csp: unknown): Map<string, string> {
  expect(typeof csp).toBe("string");
  return new Map(
    String(csp)
      .split(";")
      .map((part) => part.trim())
      .filter((part) => part !== "")
      .map((part): [string, string] => {
        const [name = "", ...values] = part.split(/\s+/);
        return [name, values.join(" ")];
      }),
  );
}

describe("the web app's pages", () => {
  for (const url of ["/", "/workspaces/me/projects", "/people/3f0c9f0e-6f1b-4a43-9d4e-2b6f1f1a2b3c/profile"]) {
    it(`carry the security headers at ${url}`, async () => {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      const csp = directivesOf(response.headers["content-security-policy"]);
      expect(csp.get("default-src")).toBe("'self'");
      expect(csp.get("script-src")).toBe("'self'");
      expect(csp.get("frame-ancestors")).toBe("'none'");
      expect(csp.get("object-src")).toBe("'none'");
      // Mantine writes its styles inline.
      expect(csp.get("style-src")).toContain("'unsafe-inline'");
      // The page is often opened over plain http (localhost, a LAN address): nothing is upgraded.
      expect(csp.has("upgrade-insecure-requests")).toBe(false);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["x-frame-options"]).toBe("DENY");
    });
  }

  it("keep them on the service worker and the hashed assets, which stay cacheable as before", async () => {
    const worker = await t.app.inject({ method: "GET", url: "/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["x-content-type-options"]).toBe("nosniff");
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
