import { pageMetaFor } from "~/i18n/translate.server";
import { withNamespace } from "~/i18n/use-translation";
import { LegalPage } from "~/ui/legal-page";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/privacy-policy";

export function loader({ context }: Route.LoaderArgs) {
  return { meta: pageMetaFor(context, "privacy", { ns: "content" }) };
}

export const meta = routeMeta;

function PrivacyPolicy() {
  return <LegalPage page="privacy" />;
}

export default withNamespace("content", PrivacyPolicy);
