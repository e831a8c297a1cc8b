import {
  ConfidentialClientApplication,
  type ICachePlugin,
  type INetworkModule,
  type NetworkRequestOptions,
  type NetworkResponse,
} from "@azure/msal-node";
import type { OidcClients } from "../../auth/provider-sign-in/oidc-clients.ts";

/**
 * MICROSOFT_AUTHORITY as msal-node takes it: the configuration keeps the authority's OpenID
 * issuer (`{authority}/v2.0`), which msal-node finds again from the authority itself.
 */
export function authorityOf(issuer: string): string {
  return issuer.replace(/\/v2\.0\/?$/, "");
}

/**
 * The confidential client of MICROSOFT_CLIENT_ID for one mailbox (its token cache is that
 * mailbox's alone, through `cachePlugin`), or null when Microsoft is not configured or has no
 * client secret. It reaches Microsoft as the sign-in does (`providerFetch`), so that tests can
 * stand a local server in for Microsoft's address.
 */
export function msalApplication(
  clients: OidcClients,
  cachePlugin?: ICachePlugin,
): ConfidentialClientApplication | null {
  const settings = clients.settingsOf("microsoft_graph_auth");
  if (!settings?.clientSecret) return null;
  return new ConfidentialClientApplication({
    auth: {
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      authority: authorityOf(settings.issuer),
    },
    ...(cachePlugin ? { cache: { cachePlugin } } : {}),
    system: { networkClient: fetchNetwork(clients) },
  });
}

/** msal-node's HTTP through the server's provider fetch. */
function fetchNetwork(clients: OidcClients): INetworkModule {
  const send = async <T>(method: "GET" | "POST", url: string, options?: NetworkRequestOptions) => {
    const request = {
      method,
      headers: options?.headers ?? {},
      body: options?.body ?? null,
      redirect: "manual" as const,
    };
    const via = clients.fetcher();
    const response = via ? await via(url, request) : await fetch(url, request);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // msal-node reads the body as the JSON it expects and checks it itself; a page that is not JSON reads as empty.
    const text = await response.text();
    let body: T;
    try {
      body = JSON.parse(text === "" ? "{}" : text);
    } catch {
      body = JSON.parse("{}");
    }
    const answer: NetworkResponse<T> = { headers, body, status: response.status };
    return answer;
  };
  return {
    sendGetRequestAsync: (url, options) => send("GET", url, options),
    sendPostRequestAsync: (url, options) => send("POST", url, options),
  };
}
