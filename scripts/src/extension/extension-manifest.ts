// The extension's manifest (Manifest V3), written by the build from the app's address.
import { EXTENSION_VERSION } from "../../../extension/src/extension-version.ts";
import { ICON_SIZES, iconFile } from "./extension-icon.ts";

/** The built scripts, by the manifest's name for them. */
export const EXTENSION_SCRIPTS = {
  serviceWorker: "service-worker.js",
  panel: "profile-panel.js",
  appBridge: "app-session.js",
} as const;

export const PROFILE_PAGES = "https://www.linkedin.com/in/*";

/**
 * The hosts the app is reached at over http: localhost, 127.0.0.1 and the machine's name (the
 * server the build runs on serves the app at all three). A name that is no host name is left out.
 */
export function appHostsOf(machineName: string): string[] {
  const name = machineName.trim().toLowerCase();
  const hostName = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(name);
  return [...new Set(["localhost", "127.0.0.1", ...(hostName ? [name] : [])])];
}

/**
 * The app's pages: its hosts over http (a pattern without a port matches every port, so any PORT
 * the app runs at), and the host of the address the build was given (HIRESTREAM_URL).
 */
export function appPagePatterns(appUrl: string, appHosts: readonly string[]): string[] {
  const url = new URL(appUrl);
  return [...new Set([...appHosts.map((host) => `http://${host}/*`), `${url.protocol}//${url.hostname}/*`])];
}

export function extensionManifest(appUrl: string, appHosts: readonly string[]): Record<string, unknown> {
  const appPages = appPagePatterns(appUrl, appHosts);
  return {
    manifest_version: 3,
    name: "Hirestream",
    version: EXTENSION_VERSION,
    description: "Adds the person of a profile page to your Hirestream talent pool or to a project.",
    icons: Object.fromEntries(ICON_SIZES.map((size) => [String(size), iconFile(size)])),
    background: { service_worker: EXTENSION_SCRIPTS.serviceWorker },
    content_scripts: [
      { matches: [PROFILE_PAGES], js: [EXTENSION_SCRIPTS.panel], run_at: "document_idle" },
      { matches: appPages, js: [EXTENSION_SCRIPTS.appBridge], run_at: "document_idle" },
    ],
    // alarms: the adds that failed are sent again later, even after the worker has stopped.
    permissions: ["storage", "alarms"],
    host_permissions: appPages,
  };
}
