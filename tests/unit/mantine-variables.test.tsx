import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { mantineTheme } from "~/ui/mantine-theme";

const stylesheet = path.resolve("app/ui/mantine-variables.css");
const header = "/* Generated from app/ui/mantine-theme.ts by tests/unit/mantine-variables.test.tsx (UPDATE_MANTINE_CSS=1). */\n";

/** The CSS variables MantineProvider would inline into every page for our theme. */
function themeVariables(): string {
  const markup = renderToStaticMarkup(<MantineProvider theme={mantineTheme} forceColorScheme="dark" />);
  const match = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(markup);
  if (!match?.[1]) throw new Error("MantineProvider rendered no CSS variables");
  return match[1].replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&gt;", ">");
}

describe("the theme's CSS variables", () => {
  it("are the static stylesheet's, so pages need not inline them", () => {
    const expected = header + themeVariables() + "\n";
    if (process.env.UPDATE_MANTINE_CSS) writeFileSync(stylesheet, expected);
    expect(readFileSync(stylesheet, "utf8"), "run with UPDATE_MANTINE_CSS=1 after changing the theme").toBe(expected);
  });
});
