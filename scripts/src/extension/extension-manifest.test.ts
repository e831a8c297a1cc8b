import { describe, expect, it } from "vitest";
import { appHostsOf, appPagePatterns } from "./extension-manifest.ts";

describe("appHostsOf", () => {
  it("names localhost, 127.0.0.1 and the machine, lower-cased", () => {
    expect(appHostsOf("Recruiting-Box")).toEqual(["localhost", "127.0.0.1", "recruiting-box"]);
    expect(appHostsOf("box.office.example")).toEqual(["localhost", "127.0.0.1", "box.office.example"]);
  });

  it("leaves out a machine name that is no host name, and one already named", () => {
    expect(appHostsOf("")).toEqual(["localhost", "127.0.0.1"]);
    expect(appHostsOf("bad name/*")).toEqual(["localhost", "127.0.0.1"]);
    expect(appHostsOf("-box")).toEqual(["localhost", "127.0.0.1"]);
    expect(appHostsOf("localhost")).toEqual(["localhost", "127.0.0.1"]);
  });
});

describe("appPagePatterns", () => {
  it("matches the hosts over http on any port, and the built address's host in its own scheme", () => {
    expect(appPagePatterns("https://hire.example.com:8443/app", ["localhost", "box"])).toEqual([
      "http://localhost/*",
      "http://box/*",
      "https://hire.example.com/*",
    ]);
  });
});
