import { describe, expect, it } from "vitest";
import { classifyOpen, isAppleAddress, MACHINE_OPEN_WINDOW_MS, type PixelFetch } from "./open-classification.ts";

const sentAt = new Date("2026-11-26T09:00:00.000Z");
const later = new Date(sentAt.getTime() + 3_600_000);
const safari =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const outlook = "Mozilla/4.0 (compatible; ms-office; MSOffice 16)";
const thunderbird = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Thunderbird/128.3.0";
const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const fetchOf = (given: Partial<PixelFetch>): PixelFetch => ({
  userAgent: safari,
  ip: "203.0.113.7",
  at: later,
  sentAt,
  ...given,
});

describe("a person opening the message", () => {
  it.each([
    ["Apple Mail on a Mac, at home", safari, "203.0.113.7"],
    ["Outlook on Windows", outlook, "198.51.100.20"],
    ["Thunderbird over IPv6", thunderbird, "2001:db8::42"],
    ["webmail in Chrome, IPv4-mapped", chrome, "::ffff:192.0.2.10"],
  ])("%s is a human open", (_name, userAgent, ip) => {
    expect(classifyOpen(fetchOf({ userAgent, ip }))).toEqual({ kind: "human" });
  });

  it("is human from the window's end on", () => {
    const at = new Date(sentAt.getTime() + MACHINE_OPEN_WINDOW_MS);
    expect(classifyOpen(fetchOf({ at }))).toEqual({ kind: "human" });
  });
});

describe("Apple Mail Privacy Protection", () => {
  it("is known by its bare User-Agent, from anywhere", () => {
    expect(classifyOpen(fetchOf({ userAgent: "Mozilla/5.0", ip: "104.28.10.1" }))).toEqual({
      kind: "machine",
      opener: "apple_mail_privacy",
    });
    expect(classifyOpen(fetchOf({ userAgent: " Mozilla/5.0 " }))).toMatchObject({ opener: "apple_mail_privacy" });
  });

  it.each(["17.58.63.1", "::ffff:17.1.2.3", "2620:149:a0c:4000::1", "2403:300:a0c::5", "2a01:b740::9"])(
    "is known by Apple's network, %s",
    (ip) => {
      expect(classifyOpen(fetchOf({ ip }))).toEqual({ kind: "machine", opener: "apple_mail_privacy" });
    },
  );

  it.each([
    ["17.0.0.0", true],
    ["17.255.255.255", true],
    ["170.1.2.3", false],
    ["117.1.2.3", false],
    ["16.255.255.255", false],
    ["18.0.0.1", false],
    ["17.1.2.300", false],
    ["2620:14a::1", false],
    ["2620::149", false],
    ["2001:db8::17", false],
    ["::1", false],
    ["not an address", false],
    ["", false],
  ])("Apple's network holds %s: %s", (ip, inside) => {
    expect(isAppleAddress(ip)).toBe(inside);
  });
});

describe("proxies that name themselves", () => {
  it("Gmail's image proxy", () => {
    const userAgent = "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)";
    expect(classifyOpen(fetchOf({ userAgent }))).toEqual({ kind: "machine", opener: "google_image_proxy" });
    expect(classifyOpen(fetchOf({ userAgent: "GoogleImageProxy" }))).toMatchObject({ opener: "google_image_proxy" });
  });

  it("Yahoo Mail's image proxy", () => {
    expect(
      classifyOpen(fetchOf({ userAgent: "YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html" })),
    ).toEqual({
      kind: "machine",
      opener: "yahoo_mail_proxy",
    });
  });
});

describe("scanners and programs", () => {
  it.each([
    "Barracuda Sentinel (EE)",
    "Mimecast-URL-Protect",
    "Proofpoint URL Defense",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "python-requests/2.32.3",
    "curl/8.5.0",
    "Wget/1.21.4",
    "Go-http-client/1.1",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "okhttp/4.12.0",
    "Java/17.0.2",
  ])("%s is a machine", (userAgent) => {
    expect(classifyOpen(fetchOf({ userAgent }))).toEqual({ kind: "machine", opener: "security_scanner" });
  });

  it("a request without a User-Agent is a machine's", () => {
    expect(classifyOpen(fetchOf({ userAgent: undefined }))).toEqual({ kind: "machine", opener: "security_scanner" });
    expect(classifyOpen(fetchOf({ userAgent: "  " }))).toEqual({ kind: "machine", opener: "security_scanner" });
  });
});

describe("a fetch soon after delivery", () => {
  it.each([0, 1, 2_000, MACHINE_OPEN_WINDOW_MS - 1])(
    "%i ms after delivery is a machine's, even from a browser",
    (ms) => {
      const at = new Date(sentAt.getTime() + ms);
      expect(classifyOpen(fetchOf({ at }))).toEqual({ kind: "machine", opener: "soon_after_delivery" });
    },
  );

  it("a fetch dated before delivery (clocks apart) is a machine's", () => {
    const at = new Date(sentAt.getTime() - 5_000);
    expect(classifyOpen(fetchOf({ at }))).toEqual({ kind: "machine", opener: "soon_after_delivery" });
  });

  it("a named proxy is named, not timed", () => {
    expect(classifyOpen(fetchOf({ userAgent: "Mozilla/5.0", at: sentAt }))).toMatchObject({
      opener: "apple_mail_privacy",
    });
  });
});
