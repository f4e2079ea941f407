import { pageMetaFor } from "~/i18n/translate.server";
import { withNamespace } from "~/i18n/use-translation";
import { LegalPage } from "~/ui/legal-page";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/cookie-policy";

export function loader({ context }: Route.LoaderArgs) {
  return { meta: pageMetaFor(context, "cookies", { ns: "content" }) };
}

export const meta = routeMeta;

function CookiePolicy() {
  return <LegalPage page="cookies" />;
}

export default withNamespace("content", CookiePolicy);
