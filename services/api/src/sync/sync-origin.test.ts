import { describe, expect, it } from "vitest";
import { originAccepted, originRule } from "./sync-origin.ts";

const rule = originRule("http://localhost:3000", ["https://crm.example.com", "not an origin"]);

describe("originAccepted", () => {
  it("accepts APP_URL's origin and the configured ones, whatever Host the handshake names", () => {
    expect(originAccepted(rule, "http://localhost:3000", "10.0.0.5:3000")).toBe(true);
    expect(originAccepted(rule, "https://crm.example.com", "internal:3000")).toBe(true);
  });

  it("accepts the page's own origin: the host the handshake was sent to", () => {
    expect(originAccepted(rule, "http://127.0.0.1:3000", "127.0.0.1:3000")).toBe(true);
    expect(originAccepted(rule, "http://recruiting-box.lan:3000", "recruiting-box.lan:3000")).toBe(true);
    expect(originAccepted(rule, "http://192.168.1.20:8080", "192.168.1.20:8080")).toBe(true);
    expect(originAccepted(rule, "http://[::1]:3000", "[::1]:3000")).toBe(true);
    expect(originAccepted(rule, "https://Crm.Internal", "crm.internal")).toBe(true);
    expect(originAccepted(rule, "https://crm.internal", "crm.internal:443")).toBe(true);
  });

  it("refuses another site's page, another port, and origins that are not ones", () => {
    expect(originAccepted(rule, "https://evil.example", "127.0.0.1:3000")).toBe(false);
    expect(originAccepted(rule, "http://127.0.0.1:3001", "127.0.0.1:3000")).toBe(false);
    expect(originAccepted(rule, "http://localhost:3000.evil.example", "localhost:3000")).toBe(false);
    expect(originAccepted(rule, "null", "127.0.0.1:3000")).toBe(false);
    expect(originAccepted(rule, "http://127.0.0.1:3000", undefined)).toBe(false);
    expect(originAccepted(rule, "http://127.0.0.1:3000", "127.0.0.1:3000/evil")).toBe(false);
  });

  it("leaves a handshake without Origin (no browser) to the session", () => {
    expect(originAccepted(rule, undefined, undefined)).toBe(true);
  });
});
