import DOMPurify from "isomorphic-dompurify";

const allowed = { ALLOWED_TAGS: ["a", "p", "br", "strong", "em", "b", "i", "ul", "ol", "li"], ALLOWED_ATTR: ["href"] };

// Every surviving link leaves the site safely.
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
});

/**
 * Upstream descriptions arrive as text with CRLF paragraphs and some <a> tags. Only a few
 * harmless tags survive; everything else (scripts, event handlers, styles) is removed.
 */
export function descriptionHtml(text: string): string {
  const paragraphs = text
    .split(/(?:\r?\n){2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
  return DOMPurify.sanitize(paragraphs, allowed);
}
