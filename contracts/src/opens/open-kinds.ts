// Who fetched a message's tracking pixel. A person opening the message counts towards the open
// rate; a machine that fetches every image of every message it sees (a mail proxy, a scanner) is
// recorded as such and counted nowhere.

export const openKinds = ["human", "machine"] as const;
export type OpenKind = (typeof openKinds)[number];

/** The machines that fetch a pixel without anyone reading the message, as the record names them. */
export const machineOpeners = [
  /** Apple Mail Privacy Protection: every message's images fetched on delivery, through Apple's proxies. */
  "apple_mail_privacy",
  /** Gmail's image proxy (ggpht.com). */
  "google_image_proxy",
  /** Yahoo Mail's image proxy. */
  "yahoo_mail_proxy",
  /** A link and attachment scanner, or another program that is no mail reader. */
  "security_scanner",
  /** Any fetch within seconds of delivery: no one opens mail that fast, scanners do. */
  "soon_after_delivery",
] as const;
export type MachineOpener = (typeof machineOpeners)[number];

/** What a fetch was taken for: a human, or the machine named. */
export type OpenClassification = { kind: "human" } | { kind: "machine"; opener: MachineOpener };

/**
 * Whether a payload's messages were opened, as the payload list and the messaging export show it:
 * null before anything was sent; `not_tracked` when its sequence does not track opens.
 */
export const payloadOpenStates = ["opened", "not_opened", "not_tracked"] as const;
export type PayloadOpenState = (typeof payloadOpenStates)[number];

/** The words for each state (the payload list, the messaging CSV, the dashboard). */
export const openWords = {
  opened: "Opened",
  not_opened: "Not opened",
  not_tracked: "Not tracked",
  machine: "Opened by a mail proxy",
} as const;
