/**
 * A message's body as mail programs show it: the server sanitised it, and it is shown in a frame
 * sandboxed from the app all the same (no scripts, no forms, an origin of its own), so that
 * nothing a candidate's mail carries can reach the page or its session.
 */
export function MailBody({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family: sans-serif; font-size: 14px; margin: 0">${html}</body>`}
      style={{ width: "100%", minHeight: 80, maxHeight: 320, border: 0, background: "white" }}
    />
  );
}
