import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";

// The production image installs with `npm ci` and must serve a built web app; there is no Docker
// engine on development machines, so what the image depends on is checked here instead.

const root = path.join(import.meta.dirname, "../..");
const manifest = z.object({ workspaces: z.array(z.string()), scripts: z.record(z.string(), z.string()) });
const { workspaces, scripts } = manifest.parse(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")));
const manifests = ["package.json", ...workspaces.map((workspace) => `${workspace}/package.json`)];

describe("package-lock.json", () => {
  it("is in sync with package.json and every workspace's manifest, so npm ci installs", () => {
    // npm ci checks the lock against the manifests before it fetches anything: a dry run, offline,
    // on a copy of just those files, refuses a lock out of sync.
    const copy = mkdtempSync(path.join(tmpdir(), "hirestream-npm-ci-"));
    try {
      for (const file of [...manifests, "package-lock.json", ".npmrc"]) {
        mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
        copyFileSync(path.join(root, file), path.join(copy, file));
      }
      const ci = spawnSync("npm", ["ci", "--dry-run", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"], {
        cwd: copy,
        encoding: "utf8",
      });
      const errors = ci.stderr
        .split("\n")
        .filter((line) => line.startsWith("npm error"))
        .join("\n");
      expect(errors).toBe("");
      expect(ci.status).toBe(0);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("records each manifest's dependencies exactly as the manifest states them", () => {
    // npm ci lets an entry the manifest dropped stay in the lock; the lock must still say what the
    // manifests say.
    const ranges = z.record(z.string(), z.string()).optional();
    const declared = z.object({
      dependencies: ranges,
      devDependencies: ranges,
      optionalDependencies: ranges,
      peerDependencies: ranges,
    });
    const lock = z
      .object({ packages: z.record(z.string(), declared) })
      .parse(JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")));
    const places = [
      { location: "", file: "package.json" },
      ...workspaces.map((w) => ({ location: w, file: `${w}/package.json` })),
    ];
    for (const { location, file } of places) {
      const stated = declared.parse(JSON.parse(readFileSync(path.join(root, file), "utf8")));
      const locked = lock.packages[location];
      expect(locked, file).toBeDefined();
      for (const kind of ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"] as const) {
        expect(locked?.[kind] ?? {}, `${file} ${kind}`).toEqual(stated[kind] ?? {});
      }
    }
  });
});

describe("the Dockerfile", () => {
  const steps = readFileSync(path.join(root, "Dockerfile"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const at = (step: string) => steps.indexOf(step);

  it("gives npm ci the lock and every manifest", () => {
    const install = at("RUN npm ci");
    expect(install).toBeGreaterThan(-1);
    const copied = steps
      .slice(0, install)
      .filter((step) => step.startsWith("COPY "))
      .flatMap((step) => step.split(/\s+/).slice(1, -1));
    for (const file of [...manifests, "package-lock.json"]) expect(copied).toContain(file);
    expect(existsSync(path.join(root, ".npmrc"))).toBe(copied.includes(".npmrc"));
  });

  it("builds the web app and the extension after their sources, as npm run build does", () => {
    const build = scripts.build?.replace("node scripts/bootstrap.cjs ", "node_modules/.bin/node ");
    expect(build).toBe("node_modules/.bin/node scripts/src/build.ts");
    const buildStep = at(`RUN ${build}`);
    for (const sources of ["COPY web web", "COPY extension extension", "COPY scripts scripts"]) {
      expect(buildStep).toBeGreaterThan(at(sources));
      expect(at(sources)).toBeGreaterThan(at("RUN npm ci"));
    }
    // The server runs as `node`, after the build, and serves what it built.
    expect(at("USER node")).toBeGreaterThan(buildStep);
  });

  it("keeps the host's installs, data and build out of the image", () => {
    const ignored = readFileSync(path.join(root, ".dockerignore"), "utf8").split("\n");
    expect(ignored).toEqual(
      expect.arrayContaining(["**/node_modules", "web/dist", "extension/dist", "extension/dist.zip"]),
    );
  });
});
