import autocannon from "autocannon";
import { createWorkspaces, signUp } from "./api-client.ts";
import { startBenchServer } from "./http-server.ts";

export const HTTP_CONNECTIONS = 50;

export interface HttpRun {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  /** Non-2xx answers plus connection errors and timeouts: every one of them is a failed command. */
  failed: number;
  statusCodes: string;
}

export interface HttpBenchResult {
  creates: HttpRun;
  renames: HttpRun;
  workspaces: number;
}

function summarise(result: autocannon.Result): HttpRun {
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count ?? 0}`)
    .join(", ");
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    statusCodes: codes || "none",
  };
}

/**
 * Commands through HTTP against the API (with its projector running) on its own thread:
 * `POST /workspaces` creates, then `PUT /workspaces/{id}` renames spread round-robin over
 * workspaces created beforehand, so that concurrent renames rarely meet on one stream.
 */
export async function benchHttpCommands(
  databaseUrl: string,
  options: { durationSeconds: number; workspaces: number; log: (line: string) => void },
): Promise<HttpBenchResult> {
  const server = await startBenchServer(databaseUrl);
  try {
    const session = await signUp(server.url);
    const ids = await createWorkspaces(server.url, session, options.workspaces);
    const headers = { ...session, "content-type": "application/json" };
    const common = { url: server.url, connections: HTTP_CONNECTIONS, headers };
    // autocannon takes the path from the URL; `path` only exists per request in `requests`.
    const create = {
      ...common,
      url: `${server.url}/api/v1/workspaces`,
      method: "POST" as const,
      body: '{"name":"Bench"}',
    };

    // Warm-up: JIT, prepared plans and pool connections; not reported.
    await autocannon({ ...create, duration: 2 });
    const creates = summarise(await autocannon({ ...create, duration: options.durationSeconds }));
    options.log(
      `  creates: ${Math.round(creates.requestsPerSecond)}/s, p99 ${creates.p99} ms, failed ${creates.failed}`,
    );

    let sent = 0;
    const renames = summarise(
      await autocannon({
        ...common,
        duration: options.durationSeconds,
        requests: [
          {
            method: "PUT",
            setupRequest: (request) => {
              const n = sent++;
              const id = ids[n % ids.length] ?? "";
              return { ...request, path: `/api/v1/workspaces/${id}`, body: JSON.stringify({ name: `Bench ${n}` }) };
            },
          },
        ],
      }),
    );
    options.log(
      `  renames: ${Math.round(renames.requestsPerSecond)}/s, p99 ${renames.p99} ms, failed ${renames.failed}`,
    );
    return { creates, renames, workspaces: ids.length };
  } finally {
    await server.stop();
  }
}
