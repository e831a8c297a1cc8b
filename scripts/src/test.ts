import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM } from "./testing/chromium.ts";
import { ensureDebianPackages } from "./testing/debian-packages.ts";

// `npm test`: type-check the whole tree, lint, then run every test, and close with one plain count line.
const root = path.join(import.meta.dirname, "../..");
const dovecotPath = "/usr/sbin/dovecot";
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
// Tools started from here find this same (pinned) Node first on PATH.
const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` };
const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: root, stdio: "inherit", env }).status ?? 1;

let failedSteps = 0;
console.log("Type-checking…");
if (run(bin("tsc"), ["-p", "tsconfig.json"]) !== 0) failedSteps++;
if (run(bin("tsc"), ["-p", "web/tsconfig.json"]) !== 0) failedSteps++;
if (run(bin("tsc"), ["-p", "extension/tsconfig.json"]) !== 0) failedSteps++;
console.log("Linting…");
if (run(bin("biome"), ["check", "."]) !== 0) failedSteps++;

console.log("Building the web app and the extension…");
if (run(process.execPath, [path.join(root, "scripts", "src", "build.ts"), "--logLevel", "warn"]) !== 0) {
  failedSteps++;
}
ensureDebianPackages(
  [
    { binary: CHROMIUM, debianPackage: "chromium", usedBy: "browser tests" },
    { binary: dovecotPath, debianPackage: "dovecot-imapd", usedBy: "IMAP tests" },
  ],
  env,
);

const report = path.join(mkdtempSync(path.join(tmpdir(), "hirestream-test-")), "report.json");
const vitestStatus = run(bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { assertionResults?: { status: string; ancestorTitles?: string[] }[] }[];
}
let counts: VitestReport = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };
try {
  counts = JSON.parse(readFileSync(report, "utf8")) as VitestReport;
} catch {
  failedSteps++;
}
// Skipped suites are named, never silently green.
const skippedSuites = new Map<string, number>();
for (const file of counts.testResults ?? []) {
  for (const test of file.assertionResults ?? []) {
    if (test.status !== "pending" && test.status !== "skipped" && test.status !== "todo") continue;
    const suite = test.ancestorTitles?.[0] ?? "(top level)";
    skippedSuites.set(suite, (skippedSuites.get(suite) ?? 0) + 1);
  }
}
for (const [suite, count] of skippedSuites) console.log(`SKIPPED: ${suite} (${count} tests)`);
const failed = counts.numFailedTests + failedSteps + (vitestStatus !== 0 && counts.numFailedTests === 0 ? 1 : 0);
const skipped = counts.numPendingTests + counts.numTodoTests;
console.log(`${counts.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
