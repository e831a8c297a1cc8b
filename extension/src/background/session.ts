// The user's Hirestream session as the app keeps it (devise_token_auth's headers), and the origin
// of the app's page that handed it over: the API the extension calls is that page's server.
import { z } from "zod";

export const appSession = z.object({
  "access-token": z.string().min(1),
  client: z.string().min(1),
  uid: z.string().min(1),
  expiry: z.string(),
});
export type AppSession = z.infer<typeof appSession>;

export const storedSession = appSession.extend({ origin: z.url() });
export type StoredSession = z.infer<typeof storedSession>;
