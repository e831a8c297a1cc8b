import { z } from "zod";

// An address that asked to hear no more (issue 15, item 5). The opt-out belongs to the address,
// not to one workspace: it stops every sequence to it everywhere, until a member of a workspace
// clears it for that workspace. The stream is `opt-out-{optOutIdOf(address)}`.

const instant = z.iso.datetime({ offset: true });

/** How the address asked: the mail client's one-click button (RFC 8058), the link in the message, or a reply. */
export const optOutSources = ["one_click", "link", "reply"] as const;
export type OptOutSource = (typeof optOutSources)[number];

export const addressOptedOut = z.object({
  type: z.literal("AddressOptedOut"),
  data: z.object({
    optOutId: z.uuid(),
    /** Lower case. */
    address: z.string().min(1),
    source: z.enum(optOutSources),
    /** The run whose message carried the link or the reply, when one did. */
    processorId: z.uuid().nullable(),
    /** The people known by the address when it asked: their rows are marked. */
    personIds: z.array(z.uuid()),
    at: instant,
  }),
});

/** A member of a workspace lets that workspace's sequences mail the address again; other workspaces still do not. */
export const addressOptOutCleared = z.object({
  type: z.literal("AddressOptOutCleared"),
  data: z.object({
    optOutId: z.uuid(),
    address: z.string().min(1),
    workspaceId: z.uuid(),
    /** The person whose page the member cleared it on. */
    personId: z.uuid(),
    by: z.uuid(),
    at: instant,
  }),
});

export const optOutEvent = z.discriminatedUnion("type", [addressOptedOut, addressOptOutCleared]);
export type OptOutEvent = z.infer<typeof optOutEvent>;
