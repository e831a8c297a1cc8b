// Runs on profile pages: shows the panel when the page is a profile the reader understands. The
// network's pages change address without reloading, so the page is read again when it does.
import { attributesOfProfile } from "../reader/profile-attributes.ts";
import { readProfile } from "../reader/read-profile.ts";
import { shownFields } from "../reader/shown-fields.ts";
import { mountPanel, type Panel } from "./panel-view.ts";

let panel: Panel | null = null;
let shownFor: string | null = null;

function show(): void {
  if (location.href === shownFor) return;
  shownFor = location.href;
  panel?.remove();
  panel = null;
  const reading = readProfile(document, location.href);
  if (!reading) {
    // The page may still be drawing the profile: look again on the next tick.
    shownFor = null;
    return;
  }
  const attributes = attributesOfProfile(reading);
  panel = mountPanel(document, {
    profile: reading.profile_url,
    fields: shownFields(attributes),
    attributes,
    send: (message) => chrome.runtime.sendMessage(message),
  });
  void panel.refresh();
}

show();
window.setInterval(show, 1000);
// The worker writes each add's fate to storage: the panel shows it as it changes.
chrome.storage.onChanged.addListener((_changes, area) => {
  if (area === "local") void panel?.refresh();
});
