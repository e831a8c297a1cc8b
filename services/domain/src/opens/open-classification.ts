import type { MachineOpener, OpenClassification } from "@hirestream/contracts/opens/open-kinds.ts";

/**
 * How soon after delivery a fetch is a machine's whoever it claims to be: scanners and proxies
 * fetch a message's images as it arrives, a person opens it later than this.
 */
export const MACHINE_OPEN_WINDOW_MS = 10_000;

/** One fetch of a message's pixel: what the request said of itself, and when it came. */
export interface PixelFetch {
  /** The User-Agent header; undefined when the request sent none. */
  userAgent: string | undefined;
  /** The client's address as the server saw it (behind a trusted proxy, the first untrusted hop). */
  ip: string;
  at: Date;
  /** When the message was sent (delivered into the recipient's mailbox). */
  sentAt: Date;
}

// Apple Mail Privacy Protection fetches through Apple's own network (17.0.0.0/8, and these IPv6
// blocks registered to Apple) with a User-Agent that is exactly "Mozilla/5.0", which no browser or
// mail program sends.
const APPLE_V6_PREFIXES: readonly (readonly [number, number])[] = [
  [0x2620, 0x0149],
  [0x2403, 0x0300],
  [0x2a01, 0xb740],
];
const BARE_USER_AGENT = "Mozilla/5.0";

// Proxies that say who they are in their User-Agent.
const NAMED_PROXIES: readonly { marker: RegExp; opener: MachineOpener }[] = [
  { marker: /GoogleImageProxy|ggpht\.com/i, opener: "google_image_proxy" },
  { marker: /YahooMailProxy/i, opener: "yahoo_mail_proxy" },
];

// Scanners and other programs that are no mail reader: security gateways that name themselves,
// crawlers, HTTP libraries and headless browsers.
const SCANNER =
  /barracuda|mimecast|proofpoint|messagelabs|symantec|trend ?micro|forcepoint|sophos|fireeye|ironport|cisco|zscaler|checkpoint|bot\b|bot\/|crawler|spider|headless|phantomjs|python|curl\/|wget|go-http-client|java\/|okhttp|axios|node-fetch|undici|libwww|httpclient|scan/i;

/** The four bytes of a dotted IPv4 address, also written IPv4-mapped in IPv6 (::ffff:a.b.c.d). */
function ipv4Bytes(ip: string): number[] | null {
  const match = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/i.exec(ip.trim());
  if (!match) return null;
  const bytes = match.slice(1).map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** The first two 16-bit groups of an IPv6 address (its /32), or null for anything else. */
function ipv6Head(ip: string): [number, number] | null {
  const address = ip.trim().toLowerCase().split("%")[0] ?? "";
  if (!address.includes(":") || !/^[0-9a-f:.]+$/.test(address)) return null;
  const [head = "", tail] = address.split("::");
  const groups = head === "" ? [] : head.split(":");
  // With "::" the groups after it are elsewhere: what is missing up front reads 0.
  if (tail === undefined && groups.length < 2) return null;
  const first = Number.parseInt(groups[0] ?? "0", 16);
  const second = Number.parseInt(groups[1] ?? "0", 16);
  if (!Number.isFinite(first) || !Number.isFinite(second)) return null;
  return [first, second];
}

/** Whether the address is in Apple's network. */
export function isAppleAddress(ip: string): boolean {
  const v4 = ipv4Bytes(ip);
  if (v4) return v4[0] === 17;
  const head = ipv6Head(ip);
  return head !== null && APPLE_V6_PREFIXES.some(([a, b]) => head[0] === a && head[1] === b);
}

/**
 * A human opened the message, or a machine fetched its pixel: a proxy that names itself or comes
 * from Apple's network with Apple's bare User-Agent, a scanner or program, a request with no
 * User-Agent, or anything within MACHINE_OPEN_WINDOW_MS of delivery (or, clocks apart, before it).
 */
export function classifyOpen(fetch: PixelFetch): OpenClassification {
  const agent = fetch.userAgent?.trim() ?? "";
  if (agent === BARE_USER_AGENT || isAppleAddress(fetch.ip)) return { kind: "machine", opener: "apple_mail_privacy" };
  const proxy = NAMED_PROXIES.find(({ marker }) => marker.test(agent));
  if (proxy) return { kind: "machine", opener: proxy.opener };
  if (agent === "" || SCANNER.test(agent)) return { kind: "machine", opener: "security_scanner" };
  if (fetch.at.getTime() - fetch.sentAt.getTime() < MACHINE_OPEN_WINDOW_MS)
    return { kind: "machine", opener: "soon_after_delivery" };
  return { kind: "human" };
}
