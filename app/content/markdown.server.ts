import { LRUCache } from "lru-cache";
import { Marked, type Token } from "marked";

import { htmlPurifier } from "~/platform/html-purifier.server";

/**
 * Release-note bodies are Markdown written by administrators. They are rendered here, on the
 * server, and sanitised before any page, the home section or the RSS feed shows them.
 */

// The note's title is the page's h1, so the body's headings start at h2 and stop at h4.
const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    heading({ tokens, depth }) {
      const level = Math.min(Math.max(depth, 2), 4);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

const allowed = {
  ALLOWED_TAGS: ["h2", "h3", "h4", "p", "br", "ul", "ol", "li", "a", "strong", "em", "code", "pre", "blockquote", "hr"],
  ALLOWED_ATTR: ["href"],
  // Web and mail links, and paths on this site; never javascript:, data: or protocol-relative URLs.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|#)/i,
};

const isExternal = (href: string) => /^https?:/i.test(href);

/** Markdown to HTML that is safe to insert into a page as it is. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  // A DOM fragment rather than a string: the links are settled here and not by a hook, because
  // hooks are shared by every user of the one DOMPurify instance (market descriptions add their own).
  const fragment = htmlPurifier().sanitize(html, { ...allowed, RETURN_DOM_FRAGMENT: true });
  for (const link of fragment.querySelectorAll("a")) {
    link.removeAttribute("target");
    if (isExternal(link.getAttribute("href") ?? "")) link.setAttribute("rel", "noopener noreferrer");
    else link.removeAttribute("rel");
  }
  const container = fragment.ownerDocument.createElement("div");
  container.append(fragment);
  return container.innerHTML;
}

function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === "html") return "";
      if (token.type === "br") return " ";
      if ("tokens" in token && token.tokens) return plainText(token.tokens);
      return "text" in token && typeof token.text === "string" ? token.text : "";
    })
    .join("");
}

/** Excerpts already made: the newest notes are summarised for every home page rendered. */
const excerpts = new LRUCache<string, string>({ max: 200 });

/** The first paragraph as plain text, cut at a word near `maxLength`: for lists, the home page and the team activity. */
export function markdownExcerpt(markdown: string, maxLength = 220): string {
  const key = `${maxLength}\u0000${markdown}`;
  const remembered = excerpts.get(key);
  if (remembered !== undefined) return remembered;
  const excerpt = excerptOf(markdown, maxLength);
  excerpts.set(key, excerpt);
  return excerpt;
}

function excerptOf(markdown: string, maxLength: number): string {
  const paragraph = marked.lexer(markdown).find((token) => token.type === "paragraph");
  const text = paragraph ? plainText([paragraph]).replace(/\s+/g, " ").trim() : "";
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, "")}…`;
}
