/** Where Google's and Microsoft's mail APIs answer; GMAIL_API_URL and GRAPH_API_URL point elsewhere (tests). */
export const DEFAULT_GMAIL_API_URL = "https://gmail.googleapis.com";
export const DEFAULT_GRAPH_API_URL = "https://graph.microsoft.com/v1.0";
