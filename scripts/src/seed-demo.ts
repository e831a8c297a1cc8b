import type { FastifyInstance } from "fastify";

export const demoAccount = { email: "demo@hirestream.local", password: "hirestream-demo" };

/** Creates the demo account (named, so the avatar shows initials) and its first workspace through the API itself, once. */
export async function seedDemo(app: FastifyInstance): Promise<"created" | "present"> {
  const { email, password } = demoAccount;
  const signUp = await app.inject({
    method: "POST",
    url: "/api/v1/auth",
    payload: { email, password, password_confirmation: password },
  });
  if (signUp.statusCode === 422) return "present";
  if (signUp.statusCode !== 200) throw new Error(`demo sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const headers: Record<string, string> = {};
  for (const name of ["access-token", "client", "uid", "expiry"]) {
    const value = signUp.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const profile = await app.inject({
    method: "PUT",
    url: "/api/v1/auth",
    headers,
    payload: { first_name: "Dana", last_name: "Demo", color: "violet" },
  });
  if (profile.statusCode !== 200) throw new Error(`demo profile failed: ${profile.statusCode} ${profile.body}`);
  const workspace = await app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers,
    payload: { data: { type: "workspace", attributes: { name: "Demo Workspace", description: "Try things here" } } },
  });
  if (workspace.statusCode !== 201) throw new Error(`demo workspace failed: ${workspace.statusCode} ${workspace.body}`);
  return "created";
}
