import { type BenchServer, startWorker } from "./http-server.ts";

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
