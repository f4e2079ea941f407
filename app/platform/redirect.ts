/** Only same-site paths are accepted as return targets, so a crafted link cannot send users elsewhere. */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  if (target.includes("\\") || /[\u0000-\u001f]/.test(target)) return fallback;
  return target;
}
