import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One project per kind of test, told apart by the file's suffix, so a run starts only what its
// tests need: pure tests (`x.test.ts`) and IndexedDB tests (`x.web.test.ts`, fake-indexeddb in
// memory) start no database; IMAP tests (`x.imap.test.ts`) start a Dovecot of their own; Postgres
// tests (`x.pg.test.ts`) and browser flows (`web/e2e/*.e2e.test.ts`) share one throwaway embedded
// cluster started by the global setup.
const everywhere = ["contracts/src", "services/*/src", "scripts/src", "migrations/src", "web/src", "extension/src"];
const postgres = "scripts/src/testing/global-setup.ts";

export default defineConfig({
  test: {
    pool: "forks",
    // At least two files at a time: Vitest's default (one fewer than the cores) runs one at a time
    // on a 2-core machine, where much of a file's time is spent waiting (on Postgres, on a browser),
    // and two at a time take CI there from about 16 to 11 minutes. So every test must pass beside
    // any other file: no database shared between files, no timing that holds only when alone.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker keeps the modules it imported for its next file (all but the IndexedDB project,
    // whose files replace globals): a file imported the app anew before, a second or more per
    // file, about 100 s of CI on 2 cores. So a file leaves no module state that changes another's:
    // each starts its own app on its own database, and reads no singleton it did not set up.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: "pure",
          include: everywhere.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
          exclude: [
            "**/node_modules/**",
            "**/*.pg.test.ts",
            "**/*.imap.test.ts",
            "**/*.web.test.{ts,tsx}",
            "**/*.e2e.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: everywhere.map((folder) => `${folder}/**/*.pg.test.ts`),
          globalSetup: [postgres],
        },
      },
      { extends: true, test: { name: "indexeddb", include: ["web/src/**/*.web.test.{ts,tsx}"], isolate: true } },
      // A real IMAP server (Dovecot), which each file starts for itself (outreach's testing/dovecot-server.ts).
      { extends: true, test: { name: "imap", include: everywhere.map((folder) => `${folder}/**/*.imap.test.ts`) } },
      // A browser flow runs several users through many screens, beside another file's work: more time.
      // Its polls too: under a loaded machine, one Playwright read of a button's state took longer
      // than expect.poll's default second, and the form's state was right all along.
      {
        extends: true,
        test: {
          name: "browser",
          include: ["web/e2e/**/*.e2e.test.ts"],
          globalSetup: [postgres],
          testTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
