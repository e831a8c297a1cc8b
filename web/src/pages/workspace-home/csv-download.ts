import { apiUrl, expireSession, sessionHeaders } from "../../api/api-client.ts";
import { apiErrorFrom, networkError } from "../../api/api-errors.ts";
import { readCredentials } from "../../api/session-credentials.ts";
import { fileNameOf } from "./csv-file-name.ts";

/** Long enough for the browser to have started saving; the URL is then let go. */
const KEEP_URL_MS = 40_000;

async function errorBody(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return null;
  }
}

/**
 * Fetches a CSV export with the session headers (a plain link would carry none) and saves it as a
 * file under the name the server gives, else `fallbackName`. Throws an ApiError when refused.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const credentials = readCredentials();
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      headers: { accept: "text/csv", ...(credentials ? sessionHeaders(credentials) : {}) },
      credentials: "same-origin",
    });
  } catch {
    throw networkError();
  }
  if (response.status === 401 && credentials) expireSession();
  if (!response.ok) throw apiErrorFrom(response.status, await errorBody(response));
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileNameOf(response.headers.get("content-disposition"), fallbackName);
  anchor.style.display = "none";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
}
