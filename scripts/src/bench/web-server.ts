import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type { BenchServer } from "./http-server.ts";

/** Starts a worker script on its own thread and waits for its first message (as http-server.ts does). */
async function startWorker(script: string, data: unknown): Promise<{ message: unknown; stop(): Promise<void> }> {
  const worker = new Worker(new URL(script, import.meta.url), { workerData: data });
  const exited = once(worker, "exit");
  const [message]: unknown[] = await Promise.race([
    once(worker, "message"),
    exited.then(([code]) => {
      throw new Error(`${script} exited (code ${String(code)}) before it started`);
    }),
  ]);
  return {
    message,
    async stop() {
      worker.postMessage("stop");
      const timer = setTimeout(() => void worker.terminate(), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The projector, and the API serving the web app built into `webRoot`, each on its own thread. */
export async function startWebBenchServer(databaseUrl: string, webRoot: string): Promise<BenchServer> {
  const projector = await startWorker("./projector.worker.ts", databaseUrl);
  const api = await startWorker("./web-server.worker.ts", { databaseUrl, webRoot }).catch(async (error: unknown) => {
    await projector.stop();
    throw error;
  });
  const message = api.message;
  const url = message && typeof message === "object" && "url" in message ? message.url : undefined;
  if (typeof url !== "string") throw new Error("the web server worker sent no URL");
  return {
    url,
    async stop() {
      await api.stop();
      await projector.stop();
    },
  };
}
