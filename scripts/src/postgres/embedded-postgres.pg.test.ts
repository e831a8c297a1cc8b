import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { freePort } from "../testing/free-port.ts";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";
import { isRoot, reachableRoot } from "./reachable-place.ts";

// `npm start` as root from a clone in root's home (mode 700): the postgres user that initdb and
// postgres run as cannot enter it, which used to crash with an unhandled `spawn initdb EACCES`.
describe.runIf(isRoot())("embedded PostgreSQL started by root from a folder closed to others", () => {
  it("keeps its data where the postgres user can reach it, and answers queries", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "hirestream-root-home-"));
    // mkdtemp makes it mode 700, as root's home is.
    const running = await startEmbeddedPostgres({
      dir: path.join(home, "app", ".data", "postgres"),
      port: await freePort(),
    });
    try {
      expect(running.dir.startsWith(`${reachableRoot}/`)).toBe(true);
      const client = new pg.Client({ connectionString: running.url("postgres") });
      await client.connect();
      const { rows } = await client.query<{ answer: number }>("select 1 + 1 as answer");
      await client.end();
      expect(rows).toEqual([{ answer: 2 }]);
    } finally {
      await running.stop();
      rmSync(path.dirname(running.dir), { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  });
});
