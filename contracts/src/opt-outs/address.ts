import { v5 as uuidV5 } from "uuid";

// Our own UUID v5 namespace for opted-out addresses (RFC 9562 §5.5).
const OPT_OUT_NAMESPACE = "3f1d6b2e-8a47-4c59-b0e3-6d2a9f7c1e84";

/** Addresses compare case-insensitively: `Ada@Example.com` and `ada@example.com` are one address. */
export function normalAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** The opt-out stream's id for an address: one per address, whatever its case. */
export function optOutIdOf(address: string): string {
  return uuidV5(normalAddress(address), OPT_OUT_NAMESPACE);
}

/** A workspace's clearance of an address: at most one row per pair, so its id is a function of the two. */
export function optOutClearanceIdOf(address: string, workspaceId: string): string {
  return uuidV5(`${optOutIdOf(address)}/${workspaceId}`, OPT_OUT_NAMESPACE);
}
