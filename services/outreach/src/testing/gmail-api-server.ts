import { GmailMailbox, type GmailStoredMessage } from "./gmail-mailbox.ts";
import {
  type ApiAnswer,
  type ApiFaultControls,
  type ApiRequest,
  type ApiRoute,
  jsonBody,
  startMailApiServer,
  type TokenCheck,
} from "./mail-api-server.ts";
import { TestAccessTokens, TestGrant } from "./test-access-tokens.ts";

/**
 * A local server speaking the Gmail API v1 (https://gmail.googleapis.com) for one mailbox, for
 * tests: the calls the Gmail transport and reader make, in Gmail's request and response shapes and
 * with Google's error bodies (`{ error: { code, message, errors, status } }`).
 */
export interface GmailApiServer extends ApiFaultControls {
  /** GMAIL_API_URL for this server (the client adds `gmail/v1/...`). */
  url: string;
  mailbox: GmailMailbox;
  grant: TestGrant;
  /** AccessTokens for the mailbox, as the connected credential would give them. */
  accessTokens(): TestAccessTokens;
  /** Delivers mail from outside into the inbox (a reply, a bounce, an automatic answer). */
  deliver(raw: Buffer | string): GmailStoredMessage;
  close(): Promise<void>;
}

function googleError(code: number, status: string, message: string, reason: string): ApiAnswer {
  return { status: code, json: { error: { code, message, errors: [{ message, domain: "global", reason }], status } } };
}

const notFound = () => googleError(404, "NOT_FOUND", "Requested entity was not found.", "notFound");
const invalid = (message: string) => googleError(400, "INVALID_ARGUMENT", message, "invalidArgument");

const wording = {
  unauthorized: (): ApiAnswer => ({
    ...googleError(
      401,
      "UNAUTHENTICATED",
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
      "authError",
    ),
    headers: { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  }),
  busy: (status: 429 | 503, retryAfterSeconds: number | undefined): ApiAnswer => ({
    ...(status === 429
      ? googleError(429, "RESOURCE_EXHAUSTED", "User-rate limit exceeded.", "rateLimitExceeded")
      : googleError(503, "UNAVAILABLE", "The service is currently unavailable.", "backendError")),
    ...(retryAfterSeconds === undefined ? {} : { headers: { "retry-after": String(retryAfterSeconds) } }),
  }),
  unknownRoute: (request: ApiRequest) =>
    googleError(404, "NOT_FOUND", `Unknown path ${request.url.pathname}`, "notFound"),
};

/** The search terms the test mailbox understands (Gmail's search box syntax); others are refused. */
function matcher(q: string): ((message: GmailStoredMessage) => boolean) | string {
  const tests: ((message: GmailStoredMessage) => boolean)[] = [];
  for (const term of q
    .trim()
    .split(/\s+/)
    .filter((each) => each !== "")) {
    const [operator, value = ""] = term.split(/:(.*)/s);
    if (operator === "rfc822msgid") {
      const bare = value.replace(/^<|>$/g, "");
      tests.push((message) => message.messageId === `<${bare}>`);
    } else if (operator === "in" || operator === "label") {
      const label = value.toUpperCase() === "DRAFTS" ? "DRAFT" : value.toUpperCase();
      tests.push((message) => message.labelIds.includes(label));
    } else if (operator === "newer_than" && /^\d+[dhmy]$/.test(value)) {
      const units: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 30 * 86_400_000, y: 365 * 86_400_000 };
      const unit = units[value.slice(-1)] ?? 0;
      const since = Date.now() - Number(value.slice(0, -1)) * unit;
      tests.push((message) => message.internalDate >= since);
    } else {
      return `Invalid query: ${term}`;
    }
  }
  return (message) => tests.every((test) => test(message));
}

/** One page of `items` from `pageToken` (an offset), Gmail's way. */
function page<T>(items: T[], request: ApiRequest, defaultSize: number) {
  const size = Number(request.url.searchParams.get("maxResults") ?? defaultSize);
  const start = Number(request.url.searchParams.get("pageToken") ?? 0);
  const end = start + size;
  return { items: items.slice(start, end), ...(end < items.length ? { nextPageToken: String(end) } : {}) };
}

function messageResource(message: GmailStoredMessage, request: ApiRequest) {
  const format = request.url.searchParams.get("format") ?? "full";
  const base = {
    id: message.id,
    threadId: message.threadId,
    labelIds: message.labelIds,
    snippet: "",
    sizeEstimate: message.raw.length,
    historyId: String(message.historyId),
    internalDate: String(message.internalDate),
  };
  if (format === "minimal") return base;
  if (format === "raw") return { ...base, raw: message.raw.toString("base64url") };
  const wanted = request.url.searchParams.getAll("metadataHeaders").map((name) => name.toLowerCase());
  const headers = message.raw
    .toString("latin1")
    .split(/\r?\n\r?\n/)[0]
    ?.replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .map((line) => ({ name: line.slice(0, line.indexOf(":")), value: line.slice(line.indexOf(":") + 1).trim() }))
    .filter((header) => format !== "metadata" || wanted.length === 0 || wanted.includes(header.name.toLowerCase()));
  return { ...base, payload: { mimeType: "multipart/alternative", headers } };
}

function routes(mailbox: GmailMailbox, request: ApiRequest): ApiRoute | undefined {
  const path = request.url.pathname.replace(/^\/gmail\/v1\/users\/(me|[^/]+)/, "");
  const user = /^\/gmail\/v1\/users\/([^/]+)/.exec(request.url.pathname)?.[1];
  if (user !== "me" && user !== encodeURIComponent(mailbox.address)) return undefined;
  const search = (items: GmailStoredMessage[], defaultSize: number) => {
    const test = matcher(request.url.searchParams.get("q") ?? "");
    if (typeof test === "string") return { error: invalid(test) };
    const found = items.filter(test).sort((a, b) => b.internalDate - a.internalDate || b.historyId - a.historyId);
    return { found, ...page(found, request, defaultSize) };
  };
  const get = request.method === "GET";
  const post = request.method === "POST";
  if (get && path === "/profile") {
    return {
      operation: "users.getProfile",
      run: () => ({
        status: 200,
        json: {
          emailAddress: mailbox.address,
          messagesTotal: mailbox.messages.size,
          threadsTotal: new Set([...mailbox.messages.values()].map((message) => message.threadId)).size,
          historyId: String(mailbox.historyId),
        },
      }),
    };
  }
  if (post && path === "/drafts") {
    return {
      operation: "users.drafts.create",
      run: () => {
        const body = jsonBody(request);
        const message = typeof body === "object" && body !== null && "message" in body ? body.message : undefined;
        const raw = typeof message === "object" && message !== null && "raw" in message ? message.raw : undefined;
        const threadId =
          typeof message === "object" && message !== null && "threadId" in message ? message.threadId : undefined;
        if (typeof raw !== "string" || raw === "") return invalid("Missing draft message");
        const threads = new Set([...mailbox.messages.values()].map((each) => each.threadId));
        if (threadId !== undefined && (typeof threadId !== "string" || !threads.has(threadId))) return notFound();
        const draft = mailbox.createDraft(Buffer.from(raw, "base64url"), threadId);
        const { id, threadId: thread, labelIds } = draft.message;
        return { status: 200, json: { id: draft.draftId, message: { id, threadId: thread, labelIds } } };
      },
    };
  }
  if (post && path === "/drafts/send") {
    return {
      operation: "users.drafts.send",
      run: () => {
        const body = jsonBody(request);
        const id = typeof body === "object" && body !== null && "id" in body ? body.id : undefined;
        if (typeof id !== "string") return invalid("Invalid draft id");
        const sent = mailbox.sendDraft(id);
        if (sent === undefined) return notFound();
        return { status: 200, json: { id: sent.id, threadId: sent.threadId, labelIds: sent.labelIds } };
      },
    };
  }
  const draft = /^\/drafts\/([^/]+)$/.exec(path)?.[1];
  if (get && draft !== undefined) {
    return {
      operation: "users.drafts.get",
      run: () => {
        const message = mailbox.messages.get(mailbox.drafts.get(draft) ?? "");
        if (message === undefined) return notFound();
        return { status: 200, json: { id: draft, message: messageResource(message, request) } };
      },
    };
  }
  if (get && path === "/drafts") {
    return {
      operation: "users.drafts.list",
      run: () => {
        const drafts = [...mailbox.drafts.entries()];
        const messages = drafts.flatMap(([, id]) => mailbox.messages.get(id) ?? []);
        const result = search(messages, 100);
        if ("error" in result) return result.error;
        const listed = result.items.map((message) => ({
          id: drafts.find(([, id]) => id === message.id)?.[0],
          message: { id: message.id, threadId: message.threadId },
        }));
        return {
          status: 200,
          json: {
            ...(listed.length > 0 ? { drafts: listed } : {}),
            ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
            resultSizeEstimate: result.found.length,
          },
        };
      },
    };
  }
  if (get && path === "/messages") {
    return {
      operation: "users.messages.list",
      run: () => {
        const result = search([...mailbox.messages.values()], 100);
        if ("error" in result) return result.error;
        const listed = result.items.map((message) => ({ id: message.id, threadId: message.threadId }));
        return {
          status: 200,
          json: {
            ...(listed.length > 0 ? { messages: listed } : {}),
            ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
            resultSizeEstimate: result.found.length,
          },
        };
      },
    };
  }
  const message = /^\/messages\/([^/]+)$/.exec(path)?.[1];
  if (get && message !== undefined) {
    return {
      operation: "users.messages.get",
      run: () => {
        const found = mailbox.messages.get(message);
        return found === undefined ? notFound() : { status: 200, json: messageResource(found, request) };
      },
    };
  }
  if (get && path === "/history") {
    return { operation: "users.history.list", run: () => historyList(mailbox, request) };
  }
  return undefined;
}

function historyList(mailbox: GmailMailbox, request: ApiRequest): ApiAnswer {
  const start = request.url.searchParams.get("startHistoryId");
  if (start === null || !/^\d+$/.test(start)) return invalid("Invalid startHistoryId");
  const records = mailbox.historyAfter(Number(start));
  if (records === undefined) return notFound();
  const label = request.url.searchParams.get("labelId");
  const types = request.url.searchParams.getAll("historyTypes");
  const kept = records.filter(
    (record) =>
      (label === null || record.message.labelIds.includes(label)) &&
      (types.length === 0 || types.includes("messageAdded")),
  );
  const { items, nextPageToken } = page(kept, request, 100);
  const history = items.map((record) => ({
    id: String(record.id),
    messages: [{ id: record.message.id, threadId: record.message.threadId }],
    messagesAdded: [{ message: record.message }],
  }));
  return {
    status: 200,
    json: {
      ...(history.length > 0 ? { history } : {}),
      ...(nextPageToken ? { nextPageToken } : {}),
      historyId: String(mailbox.historyId),
    },
  };
}

export async function startGmailApiServer(
  options: {
    address?: string;
    replacesMessageIds?: boolean;
    /** Takes the tokens this checks (a local OAuth server's) instead of its own grant's. */
    tokens?: TokenCheck;
  } = {},
): Promise<GmailApiServer> {
  const mailbox = new GmailMailbox(options.address ?? "grace@recruiting.example", options.replacesMessageIds ?? true);
  const grant = new TestGrant("Token has been expired or revoked.");
  const server = await startMailApiServer(options.tokens ?? grant, wording, (request) => routes(mailbox, request));
  return {
    ...server,
    calls: server.calls,
    url: `${server.origin}/`,
    mailbox,
    grant,
    accessTokens: () => new TestAccessTokens(grant),
    deliver: (raw) => mailbox.receive(Buffer.isBuffer(raw) ? raw : Buffer.from(raw, "utf8")),
  };
}
