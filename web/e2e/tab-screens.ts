import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
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
 * The sockets open and syncing, for a page that stays on its document since `syncSockets`: the
 * close of a socket whose document the page then navigated away from is never reported (count
 * those at the server, `serverSyncSockets`). One a page began just as it navigated away may
 * never speak: it is no connection to the server's sync.
 */
export const openSockets = (sockets: WebSocket[]) =>
  sockets.filter((socket) => spoke.has(socket) && !socket.isClosed()).length;

/**
 * The sync connections the server holds, counted at the server from now on: every upgrade to the
 * sync socket until its TCP connection closes. A page's own events cannot tell this: a socket of a
 * document the page navigated away from is closed by the browser, but its close is never
 * reported to the page's listeners, so it would count as open for ever.
 */
export function serverSyncSockets(server: Server): { open: () => number; stop: () => void } {
  const open = new Set<Duplex>();
  const upgraded = (request: IncomingMessage, socket: Duplex) => {
    if (new URL(request.url ?? "/", "http://server").pathname !== "/api/v1/sync") return;
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  };
  server.on("upgrade", upgraded);
  return { open: () => open.size, stop: () => server.off("upgrade", upgraded) };
}

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
