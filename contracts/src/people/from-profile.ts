// Adding the person of a professional network's profile page (the browser extension's call,
// POST /people/from_profile): what is sent, how the page is told apart from others, and the answer.
import { z } from "zod";
import { educationItem, experienceItem, PERSON_ABOUT_MAX, PERSON_FIELD_MAX, PERSON_LIST_MAX } from "./profile.ts";

export const ALREADY_IN_TALENT_POOL = "Already in your talent pool";
/** A person found through the workspace, in another member's talent pool, not in the user's. */
export const ALREADY_IN_WORKSPACE = "Already in this workspace";

/**
 * The one address of a profile, whichever way it was reached: https, host lower-cased without
 * `www.`, no query, fragment or trailing slash, path lower-cased (profile slugs are not case
 * sensitive). Null for anything that is not an http(s) address.
 */
export function normalizeProfileUrl(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.host.toLowerCase().replace(/^www\./, "");
  const path = decodeURIComponent(url.pathname).toLowerCase().replace(/\/+$/, "");
  return `https://${host}${path}`;
}

const id = z.uuid({ error: "must be a UUID" });
const short = z
  .string()
  .trim()
  .max(PERSON_FIELD_MAX, { error: `is too long (maximum is ${PERSON_FIELD_MAX} characters)` });
const optionalShort = short.nullable().optional();

/**
 * What the extension sends: the fields its panel shows, and where the person goes. Without a
 * project the person lands in the talent pool only; a project puts them in a stage of it (its
 * first stage when none is named), which starts that stage's sequence.
 */
export const profileAttributes = z
  .object({
    first_name: optionalShort,
    last_name: optionalShort,
    /** The profile's address; people are matched by it (normalised) and by email. */
    linkedin: short.refine((value) => normalizeProfileUrl(value) !== null, { error: "must be an http(s) address" }),
    email: optionalShort,
    title: optionalShort,
    company: optionalShort,
    city: optionalShort,
    state: optionalShort,
    country: optionalShort,
    avatar_url: optionalShort,
    /** The profile's headline. */
    about: z.string().trim().max(PERSON_ABOUT_MAX).nullable().optional(),
    experience: z.array(experienceItem).max(PERSON_LIST_MAX).optional(),
    education: z.array(educationItem).max(PERSON_LIST_MAX).optional(),
    workspace_id: id.optional(),
    project_id: id.optional(),
    stage_id: id.optional(),
  })
  .strict()
  .refine((value) => Boolean(value.first_name?.trim() || value.last_name?.trim()), {
    error: "This field is required",
    path: ["first_name"],
  })
  .refine((value) => value.project_id === undefined || value.workspace_id !== undefined, {
    error: "is required with a project",
    path: ["workspace_id"],
  })
  .refine((value) => value.stage_id === undefined || value.project_id !== undefined, {
    error: "is required with a stage",
    path: ["project_id"],
  });
export type ProfileAttributes = z.infer<typeof profileAttributes>;

/**
 * `meta` of the answer. `new`: the person was created (201). `existing`: the person was already
 * in the user's talent pool or the workspace (200); nothing of theirs is overwritten, `message` is
 * ALREADY_IN_TALENT_POOL (or ALREADY_IN_WORKSPACE for another member's person found through the
 * workspace). `link` is the web app's path of the person (`/profile/{id}`). With a
 * project, `candidacy` is the person's candidacy in it, new or already there.
 */
export const profileAddedMeta = z.object({
  position: z.number().int().nonnegative(),
  outcome: z.enum(["new", "existing"]),
  message: z.string().optional(),
  link: z.string(),
  candidacy: z.object({ id, project_id: id, stage_id: id }).optional(),
});
export type ProfileAddedMeta = z.infer<typeof profileAddedMeta>;
