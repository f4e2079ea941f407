// @vitest-environment jsdom
import { MantineProvider, TextInput as MantineTextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "~/ui/kit/button";
import { inputLook, Select, TextInput } from "~/ui/kit/input";
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

describe("the kit's TextInput", () => {
  const cases = {
    "a label and a value": { id: "a1", name: "a", label: "Ativo 1", defaultValue: "ibov", maxLength: 40 },
    "an error": { id: "pe-min", name: "peMin", label: "Mín.", "aria-label": "P/L mínimo", error: "Número inválido", inputMode: "decimal" },
    "a hint, its label beside it and a class": {
      id: "q",
      name: "q",
      label: "Busca",
      description: "Dica",
      labelBeside: true,
      className: "x",
    },
    "a hint and an error": {
      id: "e",
      name: "email",
      type: "email",
      label: "E-mail",
      description: "Dica",
      error: "Inválido",
      required: true,
    },
    "no label": { id: "n", name: "n", "aria-label": "Nome", placeholder: "Nome", autoComplete: "off" },
  } as const;

  for (const [name, props] of Object.entries(cases)) {
    it(`is Mantine's TextInput with ${name}`, () => {
      const { className, labelBeside, ...mantine } = { className: undefined, labelBeside: undefined, ...props };
      expect(rendered(<TextInput {...props} />)).toEqual(
        rendered(<MantineTextInput {...inputLook({ className, labelBeside })} {...mantine} />),
      );
    });
  }

  it("keeps an aria-describedby it is given, after its error's and its hint's ids", () => {
    const html = rendered(<TextInput id="a" name="a" label="A" description="Dica" error="Erro" aria-describedby="shared-hint" />)[0]!;
    expect(html).toContain('aria-describedby="a-error a-description shared-hint"');
    const alone = rendered(<TextInput id="b" name="b" label="B" aria-describedby="shared-hint" />)[0]!;
    expect(alone).toContain('aria-describedby="shared-hint"');
    expect(alone).toContain('aria-invalid="false"');
  });
});

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
