import type { Page, WebSocket } from "playwright-core";

/** Sync sockets that sent their hello. */
const spoke = new WeakSet<WebSocket>();

/** The sync sockets a page opens, from now on, as the page's own events report them. */
export function syncSockets(page: Page): WebSocket[] {
  const sockets: WebSocket[] = [];
  page.on("websocket", (socket) => {
    if (new URL(socket.url()).pathname !== "/api/v1/sync") return;
    sockets.push(socket);
    socket.once("framesent", () => spoke.add(socket));
  });
  return sockets;
}

/**
 * How long a count of open sockets may take to settle: a page that reloaded or closed reports its
 * socket's close late on a busy machine.
 */
export const socketsSettle = { timeout: 10_000 };
/**
 * The sockets open and syncing. One a page began just as it navigated away never speaks, and its
 * close may never be reported: it is no connection to the server's sync.
 */
export const openSockets = (sockets: WebSocket[]) =>
  sockets.filter((socket) => spoke.has(socket) && !socket.isClosed()).length;

/** The workspaces screen's row of the workspace `name`. */
export const workspaceRow = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

/** Creates a workspace on the workspaces screen the page shows; it shows at once, pending. */
export async function createWorkspace(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "New workspace" }).first().click();
  await page.getByRole("dialog").getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  await workspaceRow(page, name).waitFor();
}

export async function renameWorkspace(page: Page, from: string, to: string): Promise<void> {
  await workspaceRow(page, from)
    .getByRole("button", { name: `Actions for ${from}` })
    .click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: /^Name/ }).fill(to);
  await page.getByRole("dialog").getByRole("button", { name: "Update" }).click();
}
