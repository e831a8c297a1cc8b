// The app's address the extension was built for (HIRESTREAM_URL, replaced at build time): where
// 'Sign in to Hirestream' leads before any session has come from one of the app's pages.
declare const __HIRESTREAM_URL__: string | undefined;
declare const __HIRESTREAM_APP_HOSTS__: readonly string[] | undefined;

export const BUILT_APP_URL: string =
  typeof __HIRESTREAM_URL__ === "string" ? __HIRESTREAM_URL__ : "http://localhost:3000";

/**
 * The hosts the app is reached at over http on any port, as the build found them: localhost,
 * 127.0.0.1 and the name of the machine it was built on (where `npm start` serves the app).
 */
export const BUILT_APP_HOSTS: readonly string[] =
  typeof __HIRESTREAM_APP_HOSTS__ === "object" && __HIRESTREAM_APP_HOSTS__ !== undefined
    ? __HIRESTREAM_APP_HOSTS__
    : ["localhost", "127.0.0.1"];

/** The pages the manifest lets the app bridge run on (any port): only they may hand over a session. */
export function isAppOrigin(
  origin: string,
  builtAppUrl: string = BUILT_APP_URL,
  appHosts: readonly string[] = BUILT_APP_HOSTS,
): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const built = new URL(builtAppUrl);
  if (url.protocol === "http:" && appHosts.includes(url.hostname)) return true;
  return url.protocol === built.protocol && url.hostname === built.hostname;
}
