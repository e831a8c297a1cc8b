// What the panel and the app bridge ask the service worker, and its answers: parsed on both sides,
// since a message is input like any other.
import { profileAttributes } from "@hirestream/contracts/people/from-profile.ts";
import { z } from "zod";
import { addTarget, queuedAdd } from "./background/outbox.ts";
import { appSession } from "./background/session.ts";

export const request = z.discriminatedUnion("type", [
  /** From the app's pages: the session they hold now, null once signed out. */
  z.object({ type: z.literal("session"), session: appSession.nullable() }),
  /** From a profile page: is the user signed in, and what became of this profile's last add. */
  z.object({ type: z.literal("state"), profile: z.string() }),
  z.object({
    type: z.literal("add"),
    profile: z.string(),
    attributes: profileAttributes,
    target: addTarget.optional(),
  }),
  z.object({ type: z.literal("workspaces") }),
  z.object({ type: z.literal("projects"), workspace_id: z.uuid() }),
  z.object({ type: z.literal("stages"), workspace_id: z.uuid(), workflow_id: z.uuid() }),
]);
export type Request = z.infer<typeof request>;

export const choice = z.object({ id: z.uuid(), name: z.string() });
export type Choice = z.infer<typeof choice>;
export const projectChoice = choice.extend({ workflow_id: z.uuid().nullable() });
export type ProjectChoice = z.infer<typeof projectChoice>;

export const stateReply = z.object({
  signed_in: z.boolean(),
  /** The app the links lead to: the one signed in at, else the one the extension was built for. */
  app_url: z.string(),
  add: queuedAdd.nullable(),
});
export type StateReply = z.infer<typeof stateReply>;

/** A read's answer: the items, or why there are none. */
export function listReply<T extends z.ZodType>(item: T) {
  return z.discriminatedUnion("ok", [
    z.object({ ok: z.literal(true), items: z.array(item) }),
    z.object({ ok: z.literal(false), error: z.string(), signed_out: z.boolean() }),
  ]);
}
export const workspacesReply = listReply(choice);
export const projectsReply = listReply(projectChoice);
export const stagesReply = listReply(choice);
export type ListReply<T> = { ok: true; items: T[] } | { ok: false; error: string; signed_out: boolean };
