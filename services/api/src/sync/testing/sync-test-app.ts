// Set-up the sync socket's route tests share: the whole API listening on a port of its own (a
// socket needs a real one), users, workspaces and people made as their commands make them, and a
// browser's socket to it (testing/sync-client.ts).
import { randomUUID } from "node:crypto";
import type { ServerMessage } from "@hirestream/contracts/sync/messages.ts";
import { afterAll, beforeAll, expect } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../../candidacies/testing/pipeline-fixtures.ts";
import { connectSync, type SyncClient } from "../../testing/sync-client.ts";
import { type SignedIn, startTestApp, type TestApp } from "../../testing/test-app.ts";

export type Snapshot = Extract<ServerMessage, { type: "snapshot" }>;

export const snapshotsOf = (messages: readonly ServerMessage[]): Snapshot[] =>
  messages.filter((m): m is Snapshot => m.type === "snapshot");

export const isReady = (m: ServerMessage): boolean => m.type === "ready";

type Hello = Parameters<typeof connectSync>[2];

export interface SyncTestApp {
  readonly t: TestApp;
  /** Users, workspaces, people and projects, each user's email under the file's own prefix. */
  readonly f: PipelineFixtures;
  readonly syncUrl: string;
  /** Where the API listens: the origin of the pages it serves. */
  readonly served: URL;
  connect(user: SignedIn, hello?: Hello, origin?: string): SyncClient;
  /** A workspace of `user`'s, projected before it answers, as a client reading its own writes sees it. */
  createWorkspace(user: SignedIn, name: string): Promise<string>;
  /** `count` people in `user`'s pool and the workspace, by a CSV import, projected before it answers. */
  importPeople(user: SignedIn, workspaceId: string, count: number): Promise<void>;
}

/**
 * Starts the API before the file's tests and stops it after them. Its members are there from the
 * tests on (not while the file is being collected). `emailPrefix` keeps the file's users apart.
 */
export function syncTestApp(emailPrefix: string): SyncTestApp {
  let running: { t: TestApp; f: PipelineFixtures; syncUrl: string; served: URL } | undefined;
  const started = () => {
    if (!running) throw new Error("the sync test app starts before the tests (beforeAll)");
    return running;
  };
  beforeAll(async () => {
    const t = await startTestApp({ now: new Date() });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    running = {
      t,
      f: pipelineFixtures(t, emailPrefix),
      syncUrl: `${address.replace("http", "ws")}/api/v1/sync`,
      served: new URL(address),
    };
  });
  afterAll(async () => {
    await running?.t.close();
  });

  return {
    get t() {
      return started().t;
    },
    get f() {
      return started().f;
    },
    get syncUrl() {
      return started().syncUrl;
    },
    get served() {
      return started().served;
    },
    connect: (user, hello = {}, origin) => connectSync(started().syncUrl, user, hello, origin),

    async createWorkspace(user, name) {
      const { t } = started();
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/workspaces",
        headers: user.headers,
        payload: { name },
      });
      expect(response.statusCode).toBe(201);
      const { data, meta } = response.json<{ data: { id: string }; meta: { position: number } }>();
      await t.readModels.waitFor(meta.position, 5000);
      return data.id;
    },

    async importPeople(user, workspaceId, count) {
      const { t } = started();
      const lines = Array.from({ length: count }, (_, n) => `Person,${n},person${n}@example.com`);
      const csv = ["first_name,last_name,email", ...lines].join("\n");
      const boundary = `----${randomUUID()}`;
      const part = (name: string, value: string, filename?: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: text/csv` : ""}\r\n\r\n${value}\r\n`;
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/people/import_csv",
        headers: { ...user.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: `${part("data[workspace_id]", workspaceId)}${part("data[file]", csv, "people.csv")}--${boundary}--\r\n`,
      });
      expect(response.statusCode).toBe(200);
      await t.readModels.waitFor(response.json<{ meta: { position: number } }>().meta.position, 5000);
    },
  };
}
