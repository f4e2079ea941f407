import { MantineProvider } from "@mantine/core";
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";

import { resources } from "~/i18n/resources";
import { ErrorBoundary } from "~/root";

async function renderError(error: unknown, language: string) {
  const i18n = createInstance({ resources, lng: language, defaultNS: "common", showSupportNotice: false });
  await i18n.use(initReactI18next).init();
  const Stub = createRoutesStub([{ id: "page", path: "/", Component: () => null, ErrorBoundary }]);
  return renderToString(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <Stub initialEntries={["/"]} hydrationData={{ errors: { page: error } }} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe("the internal-server-error page", () => {
  it("is translated, not indexed and never shows the error's message or stack", async () => {
    const error = new Error("SQLITE_CANTOPEN at /srv/secret/path.ts:42");
    const html = await renderError(error, "pt-BR");
    expect(html).toContain("Erro Interno do Servidor");
    expect(html).toContain('content="noindex, nofollow"');
    expect(html).not.toContain("SQLITE_CANTOPEN");
    expect(html).not.toContain("path.ts");
    expect(await renderError(error, "en")).toContain("Internal Server Error");
  });
});

describe("the invalid-request page", () => {
  it("answers any refused request but a 404, translated, instead of the internal-error page", async () => {
    for (const status of [400, 405, 413]) {
      const html = await renderError(new ErrorResponseImpl(status, "", null), "pt-BR");
      expect(html).toContain('data-testid="error-400"');
      expect(html).toContain("Requisição inválida");
      expect(html).not.toContain("Erro Interno do Servidor");
    }
    expect(await renderError(new ErrorResponseImpl(400, "", null), "es")).toContain("Solicitud no válida");
  });
});
