import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: { v8_middleware: true },
  // Every origin reaches the app's own check (app/platform/origin.server.ts), which refuses a
  // cross-site post with a translated 403 and knows PUBLIC_URL; React Router's built-in one would
  // answer page routes first with an untranslated "Bad Request".
  allowedActionOrigins: ["**"],
} satisfies Config;
