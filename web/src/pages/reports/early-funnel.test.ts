import type { Credentials } from "@hirestream/contracts/accounts/session-credentials.ts";
import { afterEach, describe, expect, it } from "vitest";
import { screenQueries } from "../../replica/screen-queries.ts";
import { sendEarlyFunnel, takeEarlyFunnel } from "./early-funnel.ts";

const workspaceId = "00000000-0000-4000-8000-000000000001";
const otherWorkspaceId = "00000000-0000-4000-8000-000000000002";
const credentials: Credentials = { "access-token": "token", uid: "ada@example.com", client: "client", expiry: "0" };

/** Answers every request a test left unanswered, which would hold the sync for the next test. */
let unanswered: (() => void)[] = [];
afterEach(() => {
  for (const answer of unanswered) answer();
  unanswered = [];
  takeEarlyFunnel(workspaceId);
});

/** A fetch that records what it was asked and answers when told to. */
function recordingSend() {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  let answer: (response: Response) => void = () => undefined;
  const send = (url: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
    return new Promise<Response>((resolve) => {
      answer = resolve;
      unanswered.push(() => resolve(new Response("{}")));
    });
  };
  return { asked, send: send as typeof fetch, answer: (response: Response) => answer(response) };
}

/** Whether the replica's first sync is free to go on at once. */
async function syncFree(): Promise<boolean> {
  let free = false;
  void screenQueries.settled().then(() => {
    free = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return free;
}

describe("the Reports' stage funnel asked for by the page's first module", () => {
  it("is asked for, with the session, when the page opens on a workspace's Reports", () => {
    const { asked, send } = recordingSend();
    sendEarlyFunnel(`/workspaces/${workspaceId}/reports`, credentials, send);
    expect(asked.map(({ url }) => url)).toEqual([`/api/v1/workspaces/${workspaceId}/reports?figures=stage_funnel`]);
    expect(asked[0]?.headers).toMatchObject({ "access-token": "token", client: "client", uid: "ada@example.com" });
    expect(asked[0]?.headers.authorization).toMatch(/^Bearer /);
  });

  it("is not asked for on another page, nor without a session", () => {
    const { asked, send } = recordingSend();
    sendEarlyFunnel(`/workspaces/${workspaceId}/projects`, credentials, send);
    sendEarlyFunnel(`/workspaces/${workspaceId}/reports/stage_funnel`, credentials, send);
    sendEarlyFunnel(`/workspaces/${workspaceId}/reports`, null, send);
    expect(asked).toEqual([]);
    expect(takeEarlyFunnel(workspaceId)).toBeNull();
  });

  it("goes to the first asker of that workspace's funnel only, with the session it was sent with", async () => {
    const { send, answer } = recordingSend();
    sendEarlyFunnel(`/workspaces/${workspaceId}/reports`, credentials, send);
    const taken = takeEarlyFunnel(workspaceId);
    expect(taken?.credentials).toEqual(credentials);
    expect(takeEarlyFunnel(workspaceId)).toBeNull();
    answer(new Response("{}", { status: 200 }));
    expect((await taken?.response)?.status).toBe(200);
  });

  it("is not taken for another workspace's Reports", () => {
    const { send } = recordingSend();
    sendEarlyFunnel(`/workspaces/${workspaceId}/reports`, credentials, send);
    expect(takeEarlyFunnel(otherWorkspaceId)).toBeNull();
  });

  it("holds the replica's first sync back until it is answered", async () => {
    const { send, answer } = recordingSend();
    expect(await syncFree()).toBe(true);
    sendEarlyFunnel(`/workspaces/${workspaceId}/reports`, credentials, send);
    expect(await syncFree()).toBe(false);
    answer(new Response("{}", { status: 200 }));
    expect(await syncFree()).toBe(true);
  });
});
