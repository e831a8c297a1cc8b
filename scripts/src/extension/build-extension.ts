// Builds the browser extension: one self-contained script per entry (content scripts cannot be
// ES modules, so each is an IIFE with everything it imports inside), the manifest, and a zip.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { build } from "vite";
import { ICON_SIZES, iconFile, iconPng } from "./extension-icon.ts";
import { appHostsOf, EXTENSION_SCRIPTS, extensionManifest } from "./extension-manifest.ts";

const extensionRoot = path.join(import.meta.dirname, "..", "..", "..", "extension");

const ENTRIES: Record<string, string> = {
  [EXTENSION_SCRIPTS.serviceWorker]: "src/background/service-worker.ts",
  [EXTENSION_SCRIPTS.panel]: "src/panel/profile-panel.ts",
  [EXTENSION_SCRIPTS.appBridge]: "src/app-bridge/app-session.ts",
};

export const DEFAULT_APP_URL = "http://localhost:3000";

export interface ExtensionBuild {
  /** The folder to load in the browser (emptied first). */
  outDir: string;
  /** Where the zip of that folder is written. */
  zipPaths: string[];
  /** The app's address the extension signs in at and links to. */
  appUrl: string;
  /** The name of the machine serving the app, also reached by it; this machine's by default. */
  machineName?: string;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

export async function buildExtension({
  outDir,
  zipPaths,
  appUrl,
  machineName = hostname(),
}: ExtensionBuild): Promise<void> {
  const origin = new URL(appUrl).origin;
  const appHosts = appHostsOf(machineName);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  for (const [fileName, entry] of Object.entries(ENTRIES)) {
    await build({
      configFile: false,
      root: extensionRoot,
      logLevel: "warn",
      define: { __HIRESTREAM_URL__: JSON.stringify(origin), __HIRESTREAM_APP_HOSTS__: JSON.stringify(appHosts) },
      build: {
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        minify: true,
        sourcemap: false,
        lib: {
          entry: path.join(extensionRoot, entry),
          formats: ["iife"],
          name: "hirestream",
          fileName: () => fileName,
        },
      },
    });
  }
  for (const size of ICON_SIZES) await writeFile(path.join(outDir, iconFile(size)), iconPng(size));
  await writeFile(
    path.join(outDir, "manifest.json"),
    `${JSON.stringify(extensionManifest(origin, appHosts), null, 2)}\n`,
  );
  const files: Record<string, Uint8Array> = {};
  for (const file of await filesUnder(outDir)) files[file] = await readFile(path.join(outDir, file));
  const zip = zipSync(files, { level: 9, mtime: new Date("2026-01-01T00:00:00Z") });
  for (const zipPath of zipPaths) {
    await mkdir(path.dirname(zipPath), { recursive: true });
    await writeFile(zipPath, zip);
  }
}
