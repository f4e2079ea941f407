import { provenanceHeaders, totalCountHeader } from "~/api/proxy.server";
import { publicReadCors } from "~/platform/cors.server";

import type { Route } from "./+types/public";

/** The public, read-only /proxy routes: other sites may read them when API_CORS_ORIGINS allows it. */
export const middleware: Route.MiddlewareFunction[] = [publicReadCors([...Object.values(provenanceHeaders), totalCountHeader])];
