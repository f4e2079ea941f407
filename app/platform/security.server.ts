import { randomFillSync } from "node:crypto";

const nonceBytes = 16;
/** Random bytes for 256 nonces, drawn at once: one system call per nonce was a tenth of serving a kept page. */
const noncePool = Buffer.alloc(nonceBytes * 256);
let nextNonce = noncePool.length;

/** A fresh CSP nonce: 128 bits from the system's secure random source, each byte used once. */
export function createNonce() {
  if (nextNonce === noncePool.length) {
    randomFillSync(noncePool);
    nextNonce = 0;
  }
  const nonce = noncePool.toString("base64", nextNonce, nextNonce + nonceBytes);
  nextNonce += nonceBytes;
  return nonce;
}

export function contentSecurityPolicy(
  nonce: string,
  { development, formActionSources = [] }: { development: boolean; formActionSources?: string[] },
) {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(development ? ["'unsafe-inline'"] : [])],
    // Mantine sets CSS variables through style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(development ? ["ws:"] : [])],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // OAuth sign-in forms are answered with a redirect to the provider, which form-action covers too.
    "form-action": ["'self'", ...formActionSources],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

const baselineSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/**
 * Headers every response carries, HTML or not. Served over https, browsers are also told to
 * never try plain http for a year, on this host and below it.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  if (!publicUrl.startsWith("https://")) return baselineSecurityHeaders;
  return { ...baselineSecurityHeaders, "Strict-Transport-Security": "max-age=31536000; includeSubDomains" };
}
