import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildExtension } from "./build-extension.ts";

const manifestShape = z.object({
  manifest_version: z.literal(3),
  version: z.string(),
  icons: z.record(z.string(), z.string()),
  background: z.object({ service_worker: z.string() }),
  content_scripts: z.array(z.object({ matches: z.array(z.string()), js: z.array(z.string()) })),
  permissions: z.array(z.string()),
  host_permissions: z.array(z.string()),
});

describe("the extension's build", () => {
  let dir = "";
  let outDir = "";
  let zipPath = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "hirestream-extension-"));
    outDir = path.join(dir, "dist");
    zipPath = path.join(dir, "web", "hirestream-extension.zip");
    await buildExtension({
      outDir,
      zipPaths: [zipPath],
      appUrl: "https://hire.example.com/app",
      machineName: "Recruiting-Box",
    });
  }, 60_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes a manifest whose scripts and icons all exist", async () => {
    const manifest = manifestShape.parse(JSON.parse(await readFile(path.join(outDir, "manifest.json"), "utf8")));
    const scripts = [manifest.background.service_worker, ...manifest.content_scripts.flatMap((script) => script.js)];
    const files = await readdir(outDir);
    expect(scripts.length).toBe(3);
    for (const script of scripts) expect(files).toContain(script);
    expect(Object.keys(manifest.icons)).toEqual(["16", "48", "128"]);
    for (const icon of Object.values(manifest.icons)) {
      // A PNG's signature, then its width and height.
      const png = await readFile(path.join(outDir, icon));
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(png.readUInt32BE(16)).toBe(Number(icon.replace(/\D/g, "")));
    }
    expect(manifest.permissions).toEqual(["storage", "alarms"]);
  });

  it("runs on profile pages and on the app's pages at localhost, 127.0.0.1, the machine's name and its own host", async () => {
    const manifest = manifestShape.parse(JSON.parse(await readFile(path.join(outDir, "manifest.json"), "utf8")));
    const appPages = [
      "http://localhost/*",
      "http://127.0.0.1/*",
      "http://recruiting-box/*",
      "https://hire.example.com/*",
    ];
    expect(manifest.content_scripts.map((script) => script.matches)).toEqual([
      ["https://www.linkedin.com/in/*"],
      appPages,
    ]);
    expect(manifest.host_permissions).toEqual(appPages);
    // The worker takes a session from the same hosts' pages only.
    const worker = await readFile(path.join(outDir, "service-worker.js"), "utf8");
    expect(worker).toContain("recruiting-box");
  });

  it("bakes the app's address into the scripts, each whole in one file (content scripts cannot be modules)", async () => {
    expect((await readdir(outDir)).filter((file) => file.endsWith(".js")).sort()).toEqual([
      "app-session.js",
      "profile-panel.js",
      "service-worker.js",
    ]);
    const worker = await readFile(path.join(outDir, "service-worker.js"), "utf8");
    expect(worker).toContain("https://hire.example.com");
    for (const file of ["service-worker.js", "profile-panel.js", "app-session.js"]) {
      const code = await readFile(path.join(outDir, file), "utf8");
      expect(code).not.toMatch(/^\s*(import|export)\b/m);
    }
  });

  it("zips the same files as the folder holds", async () => {
    const zipped = unzipSync(new Uint8Array(await readFile(zipPath)));
    const files = (await readdir(outDir)).sort();
    expect(Object.keys(zipped).sort()).toEqual(files);
    for (const file of files) expect(Buffer.from(zipped[file] ?? [])).toEqual(await readFile(path.join(outDir, file)));
  });
});
