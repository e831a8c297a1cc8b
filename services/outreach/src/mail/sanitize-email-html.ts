import { compile } from "html-to-text";
import sanitizeHtml from "sanitize-html";

// What an e-mail may carry, outgoing or shown in the app: formatting, lists, quotes, tables and
// links to web pages or addresses. No scripts, styles, images, forms, frames or event handlers: a
// message is written by one party and read by another, so anything active is dropped.
const emailAllowList: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "div",
    "span",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "strike",
    "sub",
    "sup",
    "small",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "pre",
    "code",
    "hr",
    "ul",
    "ol",
    "li",
    "a",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

/** HTML reduced to the e-mail allow-list. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, emailAllowList);
}

// Compiled once: html-to-text's `convert` compiles its options on every call, most of its cost.
const toText = compile({ wordwrap: 78, selectors: [{ selector: "a", options: { hideLinkHrefIfSameAsText: true } }] });

/** The plain-text alternative of an HTML body: links kept as `text [url]`, lines wrapped at 78. */
export function emailHtmlToText(html: string): string {
  return toText(html);
}
