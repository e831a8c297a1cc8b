// The panel's words for what became of a profile's add.
import { ALREADY_IN_TALENT_POOL } from "@hirestream/contracts/people/from-profile.ts";
import type { QueuedAdd } from "../background/outbox.ts";

export interface Outcome {
  text: string;
  tone: "progress" | "done" | "problem";
  /** 'Open in Hirestream': the person's page in the app. */
  link: string | null;
}

/** The app's page of the person, only ever on the app's own origin. */
export function personLink(path: string, appUrl: string): string | null {
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  const url = new URL(path, appUrl);
  return url.origin === new URL(appUrl).origin ? url.href : null;
}

export function outcomeOf(add: QueuedAdd | null, appUrl: string): Outcome | null {
  if (!add) return null;
  const state = add.state;
  switch (state.status) {
    case "waiting":
      return state.reason
        ? { text: `Waiting to retry: ${state.reason}.`, tone: "progress", link: null }
        : { text: "Adding…", tone: "progress", link: null };
    case "signed_out":
      return { text: "Waiting for you to sign in to Hirestream; the add is sent then.", tone: "problem", link: null };
    case "refused":
      return { text: `Not added: ${state.detail}`, tone: "problem", link: null };
    case "added": {
      const link = personLink(state.meta.link, appUrl);
      if (state.meta.outcome === "existing") {
        const already = state.meta.message ?? ALREADY_IN_TALENT_POOL;
        const text = add.target ? `${already}; now in ${add.target.project_name}` : already;
        return { text, tone: "done", link };
      }
      const text = add.target
        ? `Added to ${add.target.project_name} in ${add.target.stage_name}`
        : "Added to your talent pool";
      return { text, tone: "done", link };
    }
    default: {
      const unknown: never = state;
      return unknown;
    }
  }
}
