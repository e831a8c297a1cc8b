import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
let webRoot: string;
const INDEX = "<!doctype html><title>Hirestream</title>";
// Long enough for its compressed copies to be smaller, as the build writes them (web/precompress.ts).
const SCRIPT = `${"console.log('app');\n".repeat(200)}`;
const UNCOMPRESSED_SCRIPT = "console.log('no compressed copy');";

/** A file and the brotli and gzip copies the build writes beside it. */
async function writeWithCopies(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "hirestream-web-"));
  await mkdir(path.join(webRoot, "assets"));
  await writeWithCopies(path.join(webRoot, "index.html"), INDEX);
  await writeWithCopies(path.join(webRoot, "sw.js"), "self.addEventListener('fetch', () => {});");
  await writeWithCopies(path.join(webRoot, "assets", "index-abc123.js"), SCRIPT);
  await writeFile(path.join(webRoot, "assets", "plain-def456.js"), UNCOMPRESSED_SCRIPT);
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

describe("the web app's files, compressed at build time", () => {
  it("go to a browser that accepts brotli as brotli, with their own type and caching", async () => {
    const asset = await t.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.rawPayload.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(SCRIPT);
  });

  it("go to a browser that accepts gzip only as gzip", async () => {
    const asset = await t.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip, deflate" },
    });
    expect(asset.headers["content-encoding"]).toBe("gzip");
    expect(asset.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(gunzipSync(asset.rawPayload).toString()).toBe(SCRIPT);
  });

  it("go uncompressed to a client that accepts no encoding, and when the build wrote no copy", async () => {
    const identity = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(SCRIPT);
    const plain = await t.app.inject({
      method: "GET",
      url: "/assets/plain-def456.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(UNCOMPRESSED_SCRIPT);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("keep index.html, at its own path and as every screen's page, revalidated and typed as HTML", async () => {
    for (const url of ["/", "/workspaces/me/projects"]) {
      const page = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.headers["cache-control"]).toBe("no-cache");
      const body =
        page.headers["content-encoding"] === "br" ? brotliDecompressSync(page.rawPayload).toString() : page.body;
      expect(body).toBe(INDEX);
    }
    const worker = await t.app.inject({ method: "GET", url: "/sw.js", headers: { "accept-encoding": "br" } });
    expect(worker.headers["content-encoding"]).toBe("br");
    expect(worker.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");
  });
});
