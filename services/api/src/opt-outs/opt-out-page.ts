// The public page an opt-out link opens: plain HTML, no script, one form. A GET only shows it
// (mail scanners fetch every link they see), the button POSTs, and the answer says what happened.

export const optOutPageTexts = {
  title: "Opt out of these emails",
  ask: (address: string) =>
    `Press the button to stop every email sequence to ${address}. Nothing changes until you press it.`,
  button: "Opt out",
  doneTitle: "You have opted out",
  done: (address: string) =>
    `No more sequence emails will be sent to ${address}. If this was a mistake, reply to the recruiter who wrote to you.`,
  invalidTitle: "This opt-out link is not valid",
  invalid: "It may have been copied incompletely. Nothing was changed.",
} as const;

const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

/** `a•••@example.com`: enough for its owner to recognise, little for whoever else holds the link. */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}

/** Only this page's own inline style and its form posting back here. */
export const OPT_OUT_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#222}button{font-size:1rem;padding:.5rem 1.5rem;border:0;border-radius:4px;background:#1c7ed6;color:#fff;cursor:pointer}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

export function askPage(address: string): string {
  return page(
    optOutPageTexts.title,
    `<p>${escapeHtml(optOutPageTexts.ask(maskedAddress(address)))}</p>
<form method="post"><input type="hidden" name="confirm" value="yes"><button type="submit">${escapeHtml(optOutPageTexts.button)}</button></form>`,
  );
}

export function donePage(address: string): string {
  return page(optOutPageTexts.doneTitle, `<p>${escapeHtml(optOutPageTexts.done(maskedAddress(address)))}</p>`);
}

export function invalidPage(): string {
  return page(optOutPageTexts.invalidTitle, `<p>${escapeHtml(optOutPageTexts.invalid)}</p>`);
}
