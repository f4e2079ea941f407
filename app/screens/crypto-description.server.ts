import { type HtmlPurifier, htmlPurifier } from "~/platform/html-purifier.server";

export const allowed = { ALLOWED_TAGS: ["a", "p", "br", "strong", "em", "b", "i", "ul", "ol", "li"], ALLOWED_ATTR: ["href"] };

let linkHookAdded = false;

/** The shared DOMPurify, with the hook that makes every surviving link leave the site safely. */
function purifier(): HtmlPurifier {
  const purify = htmlPurifier();
  if (!linkHookAdded) {
    purify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A") {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer");
      }
    });
    linkHookAdded = true;
  }
  return purify;
}

/**
 * What parsing and serialising would change in a text: tags and entities, the NULs the parser drops
 * and the lone carriage returns it turns into line feeds (those of CRLF become <br> first), the
 * no-break space written back as &nbsp;. Text without them comes out of DOMPurify exactly as it
 * went in, wrapped in our own <p> and <br>.
 */
const changedByParsing = /[<>&\0\u00a0]|\r(?!\n)/;

/** Blank lines part paragraphs; a single line break stays a line break. */
export function paragraphsOf(text: string): string {
  return text
    .split(/(?:\r?\n){2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * Upstream descriptions arrive as text with CRLF paragraphs and some <a> tags. Only a few
 * harmless tags survive; everything else (scripts, event handlers, styles) is removed.
 */
export function descriptionHtml(text: string): string {
  const paragraphs = paragraphsOf(text);
  // The embedded dataset's descriptions are plain text: they need no DOM.
  return changedByParsing.test(text) ? purifier().sanitize(paragraphs, allowed) : paragraphs;
}
