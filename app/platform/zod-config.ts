import { config } from "zod/v4/core";

// zod probes `new Function` to compile fast parsers; under our CSP the browser reports that probe
// as a violation even though zod catches it. The server has no CSP and keeps the fast path.
// Imported first by app/root.tsx, so it runs before any schema is built in the browser; zod's
// small core module is enough, so pages without forms do not load the rest of zod.
if (typeof document !== "undefined") config({ jitless: true });
