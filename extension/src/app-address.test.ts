import { describe, expect, it } from "vitest";
import { isAppOrigin } from "./app-address.ts";

describe("the app's pages", () => {
  it("are localhost and 127.0.0.1 on any port, and the host the extension was built for", () => {
    expect(isAppOrigin("http://localhost:3000")).toBe(true);
    expect(isAppOrigin("http://127.0.0.1:4430")).toBe(true);
    expect(isAppOrigin("https://hire.example.com", "https://hire.example.com")).toBe(true);
    expect(isAppOrigin("http://devbox:3000", "http://devbox:3000")).toBe(true);
  });

  it("are the machine's name over http on any port, when the build named it", () => {
    const hosts = ["localhost", "127.0.0.1", "recruiting-box"];
    expect(isAppOrigin("http://recruiting-box:3000", "http://localhost:3000", hosts)).toBe(true);
    expect(isAppOrigin("http://recruiting-box:4000", "http://localhost:3000", hosts)).toBe(true);
    expect(isAppOrigin("http://other-box:3000", "http://localhost:3000", hosts)).toBe(false);
    expect(isAppOrigin("http://recruiting-box:3000", "http://localhost:3000")).toBe(false);
  });

  it("are no other page", () => {
    expect(isAppOrigin("https://www.linkedin.com")).toBe(false);
    expect(isAppOrigin("http://hire.example.com", "https://hire.example.com")).toBe(false);
    expect(isAppOrigin("http://localhost.evil.example")).toBe(false);
    expect(isAppOrigin("not an address")).toBe(false);
  });
});
