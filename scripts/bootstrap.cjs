#!/usr/bin/env node
// Runs on whatever Node the machine has (npm's own), before the pinned Node exists: installs
// dependencies when a manifest changed since the last install, then runs the script it is given
// (`bootstrap.cjs scripts/src/start.ts args…`) on the project's pinned Node.
// Plain CommonJS on purpose: it must run before anything is installed.
const { createHash } = require("node:crypto");
const { execSync, spawn } = require("node:child_process");
const { existsSync, readFileSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
const stampFile = join(root, "node_modules", ".install-stamp");
const manifests = [
  "package.json",
  "package-lock.json",
  ...require(join(root, "package.json")).workspaces.map((w) => join(w, "package.json")),
];
const hash = createHash("sha256");
for (const file of manifests) {
  const path = join(root, file);
  if (existsSync(path)) hash.update(readFileSync(path));
}
const wanted = hash.digest("hex");
const current = existsSync(stampFile) ? readFileSync(stampFile, "utf8") : "";
if (current !== wanted || !existsSync(join(root, "node_modules", ".bin", "node"))) {
  console.log("Installing dependencies…");
  execSync("npm install --no-fund --no-audit", { cwd: root, stdio: "inherit" });
  writeFileSync(stampFile, wanted);
}

const [script, ...args] = process.argv.slice(2);
if (script) {
  const child = spawn(join(root, "node_modules", ".bin", "node"), [script, ...args], {
    cwd: process.cwd(),
    stdio: "inherit",
  });
  // Ctrl-C reaches the child too; it decides how to stop, and we wait for it.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (signal !== "SIGINT") child.kill(signal);
    });
  }
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
