import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

// DESIGN.md's "may import" table lives in biome.json as one noRestrictedImports override per
// package, so `biome check` (run by `npm test`) fails on a wrong import. Here the project's own
// biome.json lints probe files laid out like the repository: each row below must be refused or
// accepted exactly as the table says.

const root = path.join(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules", "@biomejs", "biome", "bin", "biome");

const probes: { file: string; imports: string; allowed: boolean }[] = [
  { file: "contracts/src/probe.ts", imports: "zod", allowed: true },
  { file: "contracts/src/probe.ts", imports: "uuid", allowed: true },
  { file: "contracts/src/probe.ts", imports: "kysely", allowed: false },
  { file: "contracts/src/probe.ts", imports: "@hirestream/domain/workspace/workspace.decider.ts", allowed: false },
  { file: "services/domain/src/probe.ts", imports: "@hirestream/contracts/ids.ts", allowed: true },
  { file: "services/domain/src/probe.ts", imports: "pg", allowed: false },
  { file: "services/domain/src/probe.ts", imports: "date-holidays", allowed: true },
  { file: "services/domain/src/probe.ts", imports: "countries-and-timezones", allowed: true },
  { file: "services/domain/src/probe.ts", imports: "fast-check", allowed: false },
  { file: "services/domain/src/probe.test.ts", imports: "fast-check", allowed: true },
  { file: "services/domain/src/probe.ts", imports: "@hirestream/eventstore/event-store.ts", allowed: false },
  { file: "services/eventstore/src/probe.ts", imports: "@hirestream/contracts/events.ts", allowed: true },
  { file: "services/eventstore/src/probe.ts", imports: "@hirestream/domain/decider.ts", allowed: false },
  { file: "services/eventstore/src/probe.ts", imports: "@hirestream/migrations/migrate.ts", allowed: false },
  { file: "services/api/src/probe.ts", imports: "@hirestream/projector/project-batch.ts", allowed: true },
  { file: "services/api/src/probe.ts", imports: "@hirestream/outreach/transports/mail-transport.ts", allowed: true },
  { file: "services/api/src/probe.ts", imports: "@hirestream/web/main.tsx", allowed: false },
  { file: "services/api/src/probe.ts", imports: "@hirestream/migrations/migrate.ts", allowed: false },
  { file: "services/projector/src/probe.ts", imports: "@hirestream/domain/person/person.decider.ts", allowed: true },
  { file: "services/projector/src/probe.ts", imports: "@hirestream/eventstore/event-store.ts", allowed: true },
  { file: "services/projector/src/probe.ts", imports: "@hirestream/api/deps.ts", allowed: false },
  {
    file: "services/projector/src/probe.ts",
    imports: "@hirestream/outreach/transports/mail-transport.ts",
    allowed: false,
  },
  { file: "services/outreach/src/probe.ts", imports: "@hirestream/eventstore/event-store.ts", allowed: true },
  { file: "services/outreach/src/probe.ts", imports: "@hirestream/projector/project-batch.ts", allowed: false },
  { file: "migrations/src/probe.ts", imports: "@hirestream/contracts/ids.ts", allowed: false },
  { file: "migrations/probe.ts", imports: "@hirestream/domain/decider.ts", allowed: false },
  { file: "web/src/probe.ts", imports: "@hirestream/contracts/permissions/permission-table.ts", allowed: true },
  { file: "web/src/probe.ts", imports: "@hirestream/domain/workspace/workspace.decider.ts", allowed: false },
  { file: "web/src/probe.tsx", imports: "@hirestream/api/deps.ts", allowed: false },
  { file: "scripts/src/probe.ts", imports: "@hirestream/api/deps.ts", allowed: true },
  // Tests may also use another package's testing/ kit (a test database, a running app), nothing else.
  { file: "services/eventstore/src/probe.pg.test.ts", imports: "@hirestream/migrations/testing/x.ts", allowed: true },
  { file: "services/eventstore/src/probe.pg.test.ts", imports: "@hirestream/migrations/migrate.ts", allowed: false },
  { file: "services/projector/src/testing/probe.ts", imports: "@hirestream/eventstore/testing/x.ts", allowed: true },
  { file: "web/e2e/probe.e2e.test.ts", imports: "@hirestream/api/testing/test-app.ts", allowed: true },
  { file: "web/e2e/probe.e2e.test.ts", imports: "@hirestream/api/deps.ts", allowed: false },
  { file: "web/src/probe.web.test.ts", imports: "@hirestream/domain/decider.ts", allowed: false },
];

const report = z.object({
  diagnostics: z.array(
    z.object({
      category: z.string(),
      location: z.object({ path: z.string(), start: z.object({ line: z.number() }) }),
    }),
  ),
});

let dir = "";
/** "file:line" of every import the linter refused. */
const refused = new Set<string>();
/** Line of each probe in its file. */
const lineOf = new Map<(typeof probes)[number], number>();

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "hirestream-import-table-"));
  // The project's configuration over a copy of the layout; the schema reference only serves editors.
  const { $schema: _, ...config } = z
    .looseObject({ $schema: z.string() })
    .parse(JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8")));
  writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
  // One probe file per path, one import per line.
  const lines = new Map<string, string[]>();
  for (const probe of probes) {
    const file = lines.get(probe.file) ?? [];
    file.push(`import { probe${file.length} } from "${probe.imports}";`);
    lineOf.set(probe, file.length);
    lines.set(probe.file, file);
  }
  for (const [file, imports] of lines) {
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    const used = imports.map((_, index) => `probe${index}`).join(", ");
    writeFileSync(path.join(dir, file), `${imports.join("\n")}\n\nexport const used = [${used}];\n`);
  }
  const lint = spawnSync(
    process.execPath,
    [biome, "lint", "--reporter=json", "--only=style/noRestrictedImports", "."],
    {
      cwd: dir,
      encoding: "utf8",
    },
  );
  for (const diagnostic of report.parse(JSON.parse(lint.stdout)).diagnostics) {
    if (diagnostic.category !== "lint/style/noRestrictedImports") continue;
    refused.add(`${diagnostic.location.path}:${diagnostic.location.start.line}`);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the import table in biome.json", () => {
  it.each(probes)("$file importing $imports is allowed: $allowed", (probe) => {
    expect(refused.has(`${probe.file}:${lineOf.get(probe)}`)).toBe(!probe.allowed);
  });

  it("leaves every import in the repository as it is", () => {
    const lint = spawnSync(process.execPath, [biome, "lint", "--only=style/noRestrictedImports", "."], {
      cwd: root,
      encoding: "utf8",
    });
    expect(lint.stdout + lint.stderr).not.toContain("noRestrictedImports");
    expect(lint.status).toBe(0);
  });
});
