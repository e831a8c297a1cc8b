// @vitest-environment happy-dom
import { beforeEach, expect, it } from "vitest";
import { clearCredentials, clearLocalStorage, saveCredentials } from "../api/session-credentials.ts";
import { auth } from "./auth-state.ts";

const credentials = { "access-token": "token", client: "client", uid: "user@example.com", expiry: "2000000000" };

beforeEach(() => {
  window.localStorage.clear();
  saveCredentials(credentials);
  auth.hasSession = true;
});

// Before any screen has rendered, as when the replica's socket is refused while the app starts.
it("forgets the user the moment an expired session's storage is cleared, with nothing rendered", () => {
  clearLocalStorage();
  expect(auth.hasSession).toBe(false);
});

it("forgets the user the moment the credentials are cleared", () => {
  clearCredentials();
  expect(auth.hasSession).toBe(false);
});

it("keeps the session while the credentials stay", () => {
  saveCredentials({ expiry: "2000000001" });
  expect(auth.hasSession).toBe(true);
});
