import { createRequire } from "node:module";

import type DOMPurify from "isomorphic-dompurify";

export type HtmlPurifier = typeof DOMPurify;

let purifier: HtmlPurifier | undefined;

/**
 * The server's one DOMPurify, loaded on first use. DOMPurify needs a DOM, and on the server
 * isomorphic-dompurify builds a whole jsdom window for it: some 30 MB of heap, more resident memory
 * and a second or two of loading, for a server that may never see markup to clean (the embedded
 * dataset has none). Required rather than imported, so that whoever sanitises stays synchronous.
 */
export function htmlPurifier(): HtmlPurifier {
  purifier ??= (createRequire(import.meta.url)("isomorphic-dompurify") as { default: HtmlPurifier }).default;
  return purifier;
}
