import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildExtension, DEFAULT_APP_URL } from "./extension/build-extension.ts";
import { webAppBuildArgs } from "./web-app-build.ts";

const repoRoot = path.join(import.meta.dirname, "..", "..");

// `npm run build`: the web app into web/dist, then the browser extension into extension/dist, its
// zip beside the app (web/dist/hirestream-extension.zip, which the API serves). Arguments go to
// the web app's `vite build`. HIRESTREAM_URL: the app's address the extension is built for.
const web = spawnSync(process.execPath, webAppBuildArgs(repoRoot, process.argv.slice(2)), {
  cwd: repoRoot,
  stdio: "inherit",
});
if (web.status !== 0) {
  console.error("The web app did not build.");
  process.exit(1);
}
const extensionDist = path.join(repoRoot, "extension", "dist");
await buildExtension({
  outDir: extensionDist,
  zipPaths: [path.join(repoRoot, "web", "dist", "hirestream-extension.zip"), `${extensionDist}.zip`],
  appUrl: process.env.HIRESTREAM_URL || DEFAULT_APP_URL,
});
