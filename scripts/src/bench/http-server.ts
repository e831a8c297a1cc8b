import { once } from "node:events";
import { Worker } from "node:worker_threads";

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts a worker script (beside this file) on its own thread and waits for its first message. */
export async function startWorker(
  script: string,
  data: unknown,
): Promise<{ message: unknown; post(message: unknown): void; stop(): Promise<void> }> {
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
    post: (message) => worker.postMessage(message),
    async stop() {
      worker.postMessage("stop");
      // Everything it opened is closed, so the thread ends by itself; give it a bounded time.
      const timer = setTimeout(() => void worker.terminate(), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The API (http-server.worker.ts) and the projector (projector.worker.ts), each on its own thread. */
export async function startBenchServer(databaseUrl: string): Promise<BenchServer> {
  const projector = await startWorker("./projector.worker.ts", databaseUrl);
  const api = await startWorker("./http-server.worker.ts", databaseUrl);
  const message = api.message;
  const url = message && typeof message === "object" && "url" in message ? message.url : undefined;
  if (typeof url !== "string") throw new Error("the API worker sent no URL");
  return {
    url,
    async stop() {
      await api.stop();
      await projector.stop();
    },
  };
}
