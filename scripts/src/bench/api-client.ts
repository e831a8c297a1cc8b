import { randomUUID } from "node:crypto";

/** Just enough of an API client to set a bench up: a signed-in user and workspaces to write to. */

const sessionHeaderNames = ["access-token", "client", "uid", "expiry", "token-type"];

export async function signUp(baseUrl: string): Promise<Record<string, string>> {
  const password = "correct horse battery staple";
  const response = await fetch(`${baseUrl}/api/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `bench-${randomUUID()}@example.com`, password, password_confirmation: password }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const headers: Record<string, string> = {};
  for (const name of sessionHeaderNames) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  return headers;
}

async function createWorkspace(baseUrl: string, session: Record<string, string>, name: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/workspaces`, {
    method: "POST",
    headers: { ...session, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  const body: unknown = await response.json();
  const data = body && typeof body === "object" && "data" in body ? body.data : undefined;
  const id = data && typeof data === "object" && "id" in data ? data.id : undefined;
  if (response.status !== 201 || typeof id !== "string") {
    throw new Error(`creating a workspace failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return id;
}

/** Creates `count` workspaces owned by the session's user, `concurrency` at a time; returns their ids. */
export async function createWorkspaces(
  baseUrl: string,
  session: Record<string, string>,
  count: number,
  concurrency = 10,
): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      ids.push(await createWorkspace(baseUrl, session, `Bench workspace ${index}`));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}
