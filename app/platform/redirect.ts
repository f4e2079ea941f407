const base = "http://localhost";

/**
 * Only same-site paths are accepted as return targets, so a crafted link cannot send users
 * elsewhere. The path comes back as URL syntax (non-ASCII percent-encoded), so it can always be
 * sent in a Location header.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  // Control characters are exactly what this refuses: browsers drop them from URLs, changing the target.
  // eslint-disable-next-line no-control-regex
  if (target.includes("\\") || /[\u0000-\u001f]/.test(target)) return fallback;
  const url = URL.parse(target, base);
  // Checked once resolved: dot segments can turn "/..//evil.example" into the scheme-relative "//evil.example".
  if (!url || url.origin !== base || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
