// @vitest-environment jsdom
import { MantineProvider } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "~/ui/kit/button";
import { Select } from "~/ui/kit/input";
import { RowButton, RowSelect } from "~/ui/kit/row-controls";
import { mantineTheme } from "~/ui/mantine-theme";

/** An element and its children as text, attributes sorted (their order is no difference to a browser); Mantine's generated ids left out. */
function shape(element: Element): string {
  const attributes = [...element.attributes]
    .filter((attribute) => !(attribute.name === "id" && attribute.value.startsWith("mantine-")))
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort();
  const children = [...element.childNodes].map((node) => (node instanceof Element ? shape(node) : (node.textContent ?? "")));
  return `<${element.localName} ${attributes.join(" ")}>${children.join("")}</${element.localName}>`;
}

function rendered(node: ReactNode) {
  const html = renderToString(<MantineProvider theme={mantineTheme}>{node}</MantineProvider>);
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return [...body.children].filter((element) => element.localName !== "style").map(shape);
}

describe("row controls", () => {
  it("draw the kit's Select as Mantine does", () => {
    const options = [
      <option key="1" value="1">
        Carteira
      </option>,
      <option key="2" value="2">
        Dividendos &amp; FIIs
      </option>,
    ];
    expect(
      rendered(
        <RowSelect name="tableId" aria-label="Tabela para PETR4" className="add-to-table__select">
          {options}
        </RowSelect>,
      ),
    ).toEqual(
      rendered(
        <Select name="tableId" aria-label="Tabela para PETR4" className="add-to-table__select">
          {options}
        </Select>,
      ),
    );
  });

  it("draw the kit's outline Button with an icon as Mantine does", () => {
    const icon = <IconPlus size={16} aria-hidden />;
    expect(
      rendered(
        <RowButton type="submit" className="compact-action" aria-label="Adicionar PETR4" leftSection={icon}>
          <span className="compact-action__text">Adicionar</span>
        </RowButton>,
      ),
    ).toEqual(
      rendered(
        <Button type="submit" variant="outline" className="compact-action" aria-label="Adicionar PETR4" leftSection={icon}>
          <span className="compact-action__text">Adicionar</span>
        </Button>,
      ),
    );
  });
});
