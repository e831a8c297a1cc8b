import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpAccountServer, startSmtpAccountServer } from "../testing/smtp-account-server.ts";
import { verifySmtp } from "./smtp-verify.ts";

let server: SmtpAccountServer;

beforeAll(async () => {
  server = await startSmtpAccountServer({ username: "jobs@example.com", password: "right-password" });
});
afterAll(async () => {
  await server.close();
});

const account = (password: string) => ({
  host: "127.0.0.1",
  port: server.port,
  secure: false,
  username: "jobs@example.com",
  password,
});

describe("verifying an SMTP account", () => {
  it("answers null when the server takes the sign-in", async () => {
    expect(await verifySmtp(account("right-password"))).toBeNull();
    expect(server.offered.at(-1)).toBe("right-password");
  });

  it("answers the server's refusal, without the password", async () => {
    const failure = await verifySmtp(account("wrong-password"));
    expect(failure).toMatch(/Invalid login.*Authentication credentials invalid/);
    expect(failure).not.toContain("wrong-password");
  });

  it("answers why a server cannot be reached", async () => {
    const failure = await verifySmtp({ ...account("x"), port: 1 });
    expect(failure).toMatch(/ECONNREFUSED/);
  });
});
