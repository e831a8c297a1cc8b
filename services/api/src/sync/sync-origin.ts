// Which pages may open the sync socket. A browser sends the page's Origin with every WebSocket
// handshake and lets any page open one to any server, so the origin is the only thing that tells a
// page of the app from another site's page trying to use the visitor's session.

/** `scheme://host[:port]` as URL writes it (default ports dropped), or null when `text` is none. */
export function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}

export interface OriginRule {
  /** APP_URL's origin and the configured extra origins. */
  allowed: ReadonlySet<string>;
}

export function originRule(appUrl: string, extra: readonly string[] = []): OriginRule {
  const allowed = new Set<string>();
  for (const each of [appUrl, ...extra]) {
    const origin = originOf(each);
    if (origin) allowed.add(origin);
  }
  return { allowed };
}

/**
 * Whether a handshake with this Origin may go on. No Origin: not a browser (a script or a test),
 * which could send any Origin it liked, so the session alone decides. Otherwise: a configured
 * origin, or the page's own, whose host is the Host the handshake was sent to (the app and the
 * socket are served together, so a page opened at http://127.0.0.1:3000 or at the machine's LAN
 * name sends that very host). The scheme is not compared: behind a proxy that ends TLS the socket
 * sees http while the page was https, and an http page on the same host and port is the same server.
 */
export function originAccepted(rule: OriginRule, origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  const parsed = originOf(origin);
  if (!parsed) return false;
  if (rule.allowed.has(parsed)) return true;
  // A Host is a name or address and a port, nothing that URL would read as a path or a user.
  if (!host || !/^[\w.\-[\]:]+$/.test(host)) return false;
  const page = new URL(parsed);
  const requested = originOf(`${page.protocol}//${host}`);
  return requested !== null && requested === parsed;
}
