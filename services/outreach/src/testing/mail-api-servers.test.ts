import { describe, expect, it } from "vitest";
import { z } from "zod";
import { startGmailApiServer } from "./gmail-api-server.ts";
import { startGraphApiServer } from "./graph-api-server.ts";

// The test servers' refusals, in the providers' own shapes, as the transports and readers meet them.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("the test Gmail API server", () => {
  it("refuses a wrong or revoked token, a rate-limited call and a forgotten history as Google does", async () => {
    const server = await startGmailApiServer();
    try {
      const profile = `${server.url}gmail/v1/users/me/profile`;
      const wrong = await fetch(profile, { headers: bearer("ya29.wrong") });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get("www-authenticate")).toContain("invalid_token");
      expect(await wrong.json()).toEqual({
        error: {
          code: 401,
          message: expect.stringContaining("invalid authentication credentials"),
          errors: [expect.objectContaining({ reason: "authError" })],
          status: "UNAUTHENTICATED",
        },
      });
      const token = server.grant.mint();
      const answer = await fetch(profile, { headers: bearer(token) });
      const { historyId } = z.object({ historyId: z.string().regex(/^\d+$/) }).parse(await answer.json());

      server.busy(1, { retryAfterSeconds: 7 });
      const limited = await fetch(profile, { headers: bearer(token) });
      expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "7"]);
      expect(await limited.json()).toMatchObject({ error: { code: 429, status: "RESOURCE_EXHAUSTED" } });

      server.deliver("Message-ID: <later@example.com>\r\nSubject: Later\r\n\r\nA later message.\r\n");
      server.mailbox.forgetHistory();
      const history = await fetch(`${server.url}gmail/v1/users/me/history?startHistoryId=${historyId}`, {
        headers: bearer(token),
      });
      expect(history.status).toBe(404);
      expect(await history.json()).toMatchObject({ error: { code: 404, status: "NOT_FOUND" } });

      server.grant.revoke();
      expect((await fetch(profile, { headers: bearer(token) })).status).toBe(401);
      expect(() => server.grant.mint()).toThrow("Token has been expired or revoked.");
    } finally {
      await server.close();
    }
  });
});

describe("the test Microsoft Graph server", () => {
  it("refuses a wrong token, a rate-limited call and an expired delta link as Graph does", async () => {
    const server = await startGraphApiServer();
    try {
      const wrong = await fetch(`${server.url}/me`, { headers: bearer("eyJ.wrong") });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({
        error: { code: "InvalidAuthenticationToken", message: expect.any(String) },
      });
      const token = server.grant.mint();
      expect(await (await fetch(`${server.url}/me`, { headers: bearer(token) })).json()).toMatchObject({
        mail: "grace@recruiting.example",
      });

      server.busy(1, { retryAfterSeconds: 3 });
      const limited = await fetch(`${server.url}/me`, { headers: bearer(token) });
      expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "3"]);
      expect(await limited.json()).toMatchObject({ error: { code: "ApplicationThrottled" } });

      const round = await fetch(`${server.url}/me/mailFolders/inbox/messages/delta`, { headers: bearer(token) });
      const { "@odata.deltaLink": deltaLink } = z.object({ "@odata.deltaLink": z.string() }).parse(await round.json());
      expect(deltaLink).toMatch(/\/me\/mailFolders\/inbox\/messages\/delta\?\$deltatoken=/);
      server.expireDeltaTokens();
      const expired = await fetch(deltaLink, { headers: bearer(token) });
      expect(expired.status).toBe(410);
      expect(await expired.json()).toMatchObject({ error: { code: "SyncStateNotFound" } });
    } finally {
      await server.close();
    }
  });
});
