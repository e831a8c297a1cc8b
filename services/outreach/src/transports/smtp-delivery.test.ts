import { expect, it } from "vitest";
import { requiresStartTls } from "./smtp-delivery.ts";

it("requires STARTTLS towards every host but this machine", () => {
  for (const host of ["smtp.example.com", "10.0.0.5", "192.168.1.10", "[2001:db8::1]", "127.example.com"]) {
    expect(requiresStartTls(host)).toBe(true);
  }
  for (const host of ["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "::1", "[::1]"]) {
    expect(requiresStartTls(host)).toBe(false);
  }
});
