import { randomBytes, randomUUID } from "node:crypto";
import { GraphMailbox, type GraphStoredMessage } from "./graph-mailbox.ts";
import {
  type ApiAnswer,
  type ApiFaultControls,
  type ApiRequest,
  type ApiRoute,
  startMailApiServer,
  type TokenCheck,
} from "./mail-api-server.ts";
import { TestAccessTokens, TestGrant } from "./test-access-tokens.ts";

/**
 * A local server speaking Microsoft Graph v1.0's mail API for one mailbox, for tests: the calls the
 * Graph transport and reader make, in Graph's shapes, with Graph's error bodies
 * (`{ error: { code, message } }`).
 */
export interface GraphApiServer extends ApiFaultControls {
  /** GRAPH_API_URL for this server (ends in `/v1.0`). */
  url: string;
  mailbox: GraphMailbox;
  grant: TestGrant;
  accessTokens(): TestAccessTokens;
  /** Delivers mail from outside into the inbox (a reply, a bounce, an automatic answer). */
  deliver(raw: Buffer | string): GraphStoredMessage;
  /** Exchange forgot every delta token given so far: following one answers 410. */
  expireDeltaTokens(): void;
  close(): Promise<void>;
}

const graphError = (status: number, code: string, message: string): ApiAnswer => ({
  status,
  json: { error: { code, message, innerError: { date: new Date().toISOString(), "request-id": randomUUID() } } },
});
const notFound = () => graphError(404, "ErrorItemNotFound", "The specified object was not found in the store.");

const wording = {
  unauthorized: (): ApiAnswer => ({
    ...graphError(401, "InvalidAuthenticationToken", "Access token has expired or is not yet valid."),
    headers: { "www-authenticate": 'Bearer realm="", error="invalid_token"' },
  }),
  busy: (status: 429 | 503, retryAfterSeconds: number | undefined): ApiAnswer => ({
    ...(status === 429
      ? graphError(429, "ApplicationThrottled", "Application is over its MailboxConcurrency limit.")
      : graphError(503, "ServiceNotAvailable", "The service is temporarily unavailable.")),
    ...(retryAfterSeconds === undefined ? {} : { headers: { "retry-after": String(retryAfterSeconds) } }),
  }),
  unknownRoute: (request: ApiRequest) =>
    graphError(400, "BadRequest", `Resource not found for the segment '${request.url.pathname.split("/").pop()}'.`),
};

function resource(message: GraphStoredMessage, request: ApiRequest) {
  const full: Record<string, unknown> = {
    "@odata.etag": `W/"${message.changed}"`,
    id: message.id,
    createdDateTime: message.createdDateTime,
    receivedDateTime: message.receivedDateTime,
    sentDateTime: message.sentDateTime,
    subject: message.subject,
    internetMessageId: message.internetMessageId,
    conversationId: message.conversationId,
    parentFolderId: message.folder,
    isDraft: message.folder === "drafts",
    isRead: message.folder !== "inbox",
  };
  const select = request.url.searchParams.get("$select");
  if (select === null) return full;
  const wanted = new Set(["id", "@odata.etag", ...select.split(",").map((field) => field.trim())]);
  return Object.fromEntries(Object.entries(full).filter(([field]) => wanted.has(field)));
}

interface DeltaPage {
  since: string;
  after: number;
  upto: number;
  offset: number;
}

function delta(mailbox: GraphMailbox, request: ApiRequest, base: string, pages: Map<string, DeltaPage>): ApiAnswer {
  const params = request.url.searchParams;
  let at: DeltaPage;
  const skip = params.get("$skiptoken");
  const token = params.get("$deltatoken");
  if (skip !== null) {
    const found = pages.get(skip);
    if (found === undefined) return graphError(410, "SyncStateNotFound", "The sync state generation is not found.");
    at = found;
  } else if (token !== null) {
    const found = mailbox.deltaTokens.get(token);
    if (found === undefined) {
      return graphError(410, "SyncStateNotFound", "The sync state generation is not found. Please resync.");
    }
    at = { since: found.since, after: found.changed, upto: mailbox.changes, offset: 0 };
  } else {
    const filter = params.get("$filter") ?? "";
    const since = /^receivedDateTime (?:ge|gt) (\S+)$/.exec(filter.trim())?.[1];
    if (filter !== "" && since === undefined) {
      return graphError(400, "ErrorInvalidUrlQueryFilter", "The query filter contains one or more invalid nodes.");
    }
    at = { since: since ?? "1970-01-01T00:00:00Z", after: 0, upto: mailbox.changes, offset: 0 };
  }
  const size = Number(/odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ""))?.[1] ?? 10);
  const changed = [...mailbox.messages.values()]
    .filter(
      (message) =>
        message.folder === "inbox" &&
        message.changed > at.after &&
        message.changed <= at.upto &&
        Date.parse(message.receivedDateTime) >= Date.parse(at.since),
    )
    .sort((a, b) => a.changed - b.changed);
  const value = changed.slice(at.offset, at.offset + size).map((message) => resource(message, request));
  const link = `${base}/me/mailFolders/inbox/messages/delta`;
  if (at.offset + size < changed.length) {
    const next = randomBytes(16).toString("base64url");
    pages.set(next, { ...at, offset: at.offset + size });
    return {
      status: 200,
      json: {
        "@odata.context": `${base}/$metadata#Collection(message)`,
        "@odata.nextLink": `${link}?$skiptoken=${next}`,
        value,
      },
    };
  }
  const deltaToken = mailbox.issueDeltaToken(at.since, at.upto);
  const context = `${base}/$metadata#Collection(message)`;
  return {
    status: 200,
    json: { "@odata.context": context, "@odata.deltaLink": `${link}?$deltatoken=${deltaToken}`, value },
  };
}

function routes(
  mailbox: GraphMailbox,
  request: ApiRequest,
  base: string,
  pages: Map<string, DeltaPage>,
): ApiRoute | undefined {
  const path = request.url.pathname.replace(/^\/v1\.0/, "");
  const get = request.method === "GET";
  if (get && path === "/me") {
    return {
      operation: "GET /me",
      run: () => ({
        status: 200,
        json: {
          id: "87d349ed-44d7-43e1-9a83-5f2406dee5bd",
          displayName: "Grace Hopper",
          mail: mailbox.address,
          userPrincipalName: mailbox.address,
        },
      }),
    };
  }
  if (request.method === "POST" && path === "/me/messages") {
    return {
      operation: "createDraft",
      run: () => {
        if (!String(request.headers["content-type"] ?? "").startsWith("text/plain")) {
          return graphError(400, "RequestBodyRead", "Only a MIME message (text/plain, base64) is taken here.");
        }
        const text = request.body.toString("latin1").trim();
        if (!/^[A-Za-z0-9+/]+=*$/.test(text)) {
          return graphError(400, "ErrorMimeContentInvalidBase64String", "Invalid base64 string for MIME content.");
        }
        return { status: 201, json: resource(mailbox.createDraft(Buffer.from(text, "base64")), request) };
      },
    };
  }
  const send = /^\/me\/messages\/([^/]+)\/send$/.exec(path)?.[1];
  if (request.method === "POST" && send !== undefined) {
    return {
      operation: "send",
      run: () => {
        // Graph asks for an explicit empty body here.
        if (request.headers["content-length"] !== "0") {
          return graphError(411, "LengthRequired", "Content-Length: 0 is required.");
        }
        return mailbox.send(send) === undefined ? notFound() : { status: 202 };
      },
    };
  }
  if (get && path === "/me/messages") {
    return {
      operation: "GET /me/messages",
      run: () => {
        const filter = request.url.searchParams.get("$filter") ?? "";
        const wanted = /^internetMessageId eq '((?:[^']|'')*)'$/.exec(filter.trim())?.[1]?.replaceAll("''", "'");
        if (wanted === undefined) {
          return graphError(400, "ErrorInvalidUrlQueryFilter", "The query filter contains one or more invalid nodes.");
        }
        const value = [...mailbox.messages.values()]
          .filter((message) => message.internetMessageId === wanted)
          .map((message) => resource(message, request));
        return { status: 200, json: { "@odata.context": `${base}/$metadata#users('me')/messages`, value } };
      },
    };
  }
  const raw = /^\/me\/messages\/([^/]+)\/\$value$/.exec(path)?.[1];
  if (get && raw !== undefined) {
    return {
      operation: "GET /me/messages/{id}/$value",
      run: () => {
        const found = mailbox.messages.get(raw);
        return found === undefined
          ? notFound()
          : { status: 200, text: found.raw, headers: { "content-type": "text/plain" } };
      },
    };
  }
  const one = /^\/me\/messages\/([^/]+)$/.exec(path)?.[1];
  if (get && one !== undefined) {
    return {
      operation: "GET /me/messages/{id}",
      run: () => {
        const found = mailbox.messages.get(one);
        return found === undefined ? notFound() : { status: 200, json: resource(found, request) };
      },
    };
  }
  if (get && path === "/me/mailFolders/inbox/messages/delta") {
    return { operation: "delta", run: () => delta(mailbox, request, base, pages) };
  }
  return undefined;
}

export async function startGraphApiServer(
  /** `tokens`: takes the tokens this checks (a local OAuth server's) instead of its own grant's. */
  options: { address?: string; tokens?: TokenCheck } = {},
): Promise<GraphApiServer> {
  const mailbox = new GraphMailbox(options.address ?? "grace@recruiting.example");
  const grant = new TestGrant("AADSTS70000: The provided grant has expired due to it being revoked.");
  const pages = new Map<string, DeltaPage>();
  let base = "";
  const server = await startMailApiServer(options.tokens ?? grant, wording, (request) =>
    routes(mailbox, request, base, pages),
  );
  base = `${server.origin}/v1.0`;
  return {
    ...server,
    url: base,
    mailbox,
    grant,
    accessTokens: () => new TestAccessTokens(grant),
    deliver: (raw) => mailbox.receive(Buffer.isBuffer(raw) ? raw : Buffer.from(raw, "utf8")),
    expireDeltaTokens: () => {
      mailbox.deltaTokens.clear();
      pages.clear();
    },
  };
}
