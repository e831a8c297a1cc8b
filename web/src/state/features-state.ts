// Feature flags the server decides (GET /features), remembered so that offline starts agree.
import { proxy } from "valtio";
import { getFeatures } from "../api/account-api.ts";

const STORAGE_KEY = "features";

export interface Features {
  /** Sequences and Integrations; on unless the server says otherwise. */
  feature_sequence: boolean;
}

function remembered(): Features {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "{}") as { feature_sequence?: unknown };
    return { feature_sequence: stored.feature_sequence !== false };
  } catch {
    return { feature_sequence: true };
  }
}

export const features = proxy<Features>(remembered());

/** Asks the server; offline, the remembered flags stay. */
export async function loadFeatures(): Promise<void> {
  try {
    const latest = await getFeatures();
    features.feature_sequence = latest.feature_sequence;
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(latest));
  } catch {
    // Offline or signed out meanwhile: keep what was known.
  }
}
