import { type ImportResultDocument, importResultDocument } from "@hirestream/contracts/people/import.ts";
import pg from "pg";
import { startBenchServer } from "./http-server.ts";
import { peopleCsv } from "./people-import-csv.ts";
import { seedUser } from "./web-seed.ts";

export interface ImportRun {
  /** Upload start to the answer's body read, ms. */
  answerMs: number;
  /** Upload start to the read model holding every imported person in the workspace, ms. */
  visibleMs: number;
  counts: ImportResultDocument["data"]["attributes"];
  ignoredColumns: string[];
  /** The workspace's people list (with x-min-position) answered this total once visible. */
  listedTotal: number;
}

export interface PeopleImportResult {
  rows: number;
  fileBytes: number;
  runs: ImportRun[];
}

type Session = Record<string, string>;

async function postImport(baseUrl: string, session: Session, workspaceId: string, csv: string) {
  const form = new FormData();
  form.set("data[workspace_id]", workspaceId);
  form.set("data[file]", new Blob([csv], { type: "text/csv" }), "people.csv");
  const response = await fetch(`${baseUrl}/api/v1/people/import_csv`, { method: "POST", headers: session, body: form });
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`the import answered ${response.status}: ${JSON.stringify(body)}`);
  return importResultDocument.parse(body);
}

/** Polls the read model until the workspace holds `rows` people; the time it first did, or a throw after 60 s. */
async function whenVisible(pool: pg.Pool, workspaceId: string, rows: number): Promise<number> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    const { rows: found } = await pool.query<{ n: number }>(
      "select count(*)::int as n from read.people where workspace_ids @> array[$1::uuid]",
      [workspaceId],
    );
    if ((found[0]?.n ?? 0) >= rows) return performance.now();
    if (performance.now() > deadline)
      throw new Error(`only ${found[0]?.n} of ${rows} imported people visible after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function listedTotal(baseUrl: string, session: Session, workspaceId: string, position: number) {
  const response = await fetch(`${baseUrl}/api/v1/workspaces/${workspaceId}/people?limit=10`, {
    headers: { ...session, "x-min-position": String(position) },
  });
  const body: unknown = await response.json();
  const meta = body && typeof body === "object" && "meta" in body ? body.meta : undefined;
  const total = meta && typeof meta === "object" && "total" in meta ? meta.total : undefined;
  if (response.status !== 200 || typeof total !== "number")
    throw new Error(`the workspace's people answered ${response.status}: ${JSON.stringify(body)}`);
  return total;
}

/**
 * A CSV of `rows` people uploaded through HTTP into a fresh user's workspace, `runs` times: the
 * answer (parse, match, one AddPerson command per row) and the projector catching up. Each run has
 * its own user, so every row is a new person, as in a first import.
 */
export async function benchPeopleImport(
  databaseUrl: string,
  options: { rows: number; runs: number; log: (line: string) => void },
): Promise<PeopleImportResult> {
  const server = await startBenchServer(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on("error", (error) => options.log(`  idle connection lost: ${error.message}`));
  try {
    const runs: ImportRun[] = [];
    let fileBytes = 0;
    for (let run = 1; run <= options.runs; run++) {
      const user = await seedUser(pool, server.url, 1);
      const workspaceId = user.workspaceIds[0];
      if (!workspaceId) throw new Error("no workspace was created");
      const csv = peopleCsv(options.rows, `b${run}n`);
      fileBytes = Buffer.byteLength(csv);
      const started = performance.now();
      const document = await postImport(server.url, user.session, workspaceId, csv);
      const answerMs = performance.now() - started;
      // Polled only after the answer, so the import runs without a reader beside it; a read model
      // complete before the answer shows as the answer plus one query.
      const visibleMs = (await whenVisible(pool, workspaceId, options.rows)) - started;
      const counts = document.data.attributes;
      const total = await listedTotal(server.url, user.session, workspaceId, document.meta.position);
      runs.push({ answerMs, visibleMs, counts, ignoredColumns: document.meta.ignored_columns, listedTotal: total });
      options.log(
        `  import ${run}: answer ${answerMs.toFixed(0)} ms, all visible ${visibleMs.toFixed(0)} ms;` +
          ` new ${counts.new}, errors ${counts.errors}, listed ${total}`,
      );
    }
    return { rows: options.rows, fileBytes, runs };
  } finally {
    await pool.end();
    await server.stop();
  }
}
