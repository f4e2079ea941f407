// zod probes `new Function` to compile fast parsers; under our CSP the browser reports that probe
// as a violation even though zod catches it. The server has no CSP and keeps the fast path.
// zod keeps its configuration in this global, shared by every copy of zod, so the browser can set
// it before any schema is built (app/root.tsx imports this first) without loading zod on pages
// that have no forms. A regression shows as a CSP error in the console, which fails the e2e tests.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") {
  const zodGlobal = globalThis as ZodGlobal;
  zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });
}
