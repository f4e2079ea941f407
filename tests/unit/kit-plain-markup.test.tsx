// @vitest-environment jsdom
import {
  Button as MantineButton,
  MantineProvider,
  PasswordInput as MantinePasswordInput,
  TextInput as MantineTextInput,
} from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, mantineButtonLook, type ButtonSize, type ButtonVariant } from "~/ui/kit/button";
import { inputLook, PasswordInput, Select, TextInput } from "~/ui/kit/input";
import { RowSelect } from "~/ui/kit/row-controls";
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

describe("the kit's PasswordInput", () => {
  const cases = {
    "its eye out of sight": {
      id: "p1",
      name: "password",
      label: "Senha",
      autoComplete: "current-password",
      required: true,
      toggleHidden: true,
    },
    "its eye shown": { id: "p2", name: "password", label: "Senha", autoComplete: "new-password", required: true },
    "a hint and an error, marked invalid as Conform's fields are": {
      id: "p3",
      name: "newPassword",
      label: "Nova senha",
      description: "Mínimo de 8 caracteres",
      error: "Senha muito curta",
      "aria-invalid": true,
      autoComplete: "new-password",
      required: true,
    },
    "an error alone": { id: "p4", name: "confirm", label: "Confirmar", error: "As senhas não conferem", autoComplete: "new-password" },
  } as const;

  for (const [name, props] of Object.entries(cases)) {
    it(`is Mantine's PasswordInput with ${name}`, () => {
      const { toggleHidden, ...mantine } = { toggleHidden: false, ...props };
      const toggle = { "aria-hidden": true, style: toggleHidden ? { visibility: "hidden" } : undefined } as const;
      expect(rendered(<PasswordInput {...props} />)).toEqual(
        rendered(<MantinePasswordInput {...inputLook()} {...mantine} visibilityToggleButtonProps={toggle} />),
      );
    });
  }
});

describe("the kit's Button", () => {
  const variants: ButtonVariant[] = ["default", "destructive", "outline", "secondary", "ghost", "link"];
  const sizes: Exclude<ButtonSize, "icon">[] = ["default", "xs", "sm", "lg"];
  for (const variant of variants) {
    it(`is Mantine's Button, ${variant}, at every size`, () => {
      for (const size of sizes) {
        const look = { variant, size, className: "x" };
        expect(rendered(<Button {...look}>Salvar</Button>)).toEqual(
          rendered(<MantineButton {...mantineButtonLook(look)}>Salvar</MantineButton>),
        );
      }
    });
  }

  it("is Mantine's Button when disabled, full width, with an icon, and as a form's submit", () => {
    const icon = <IconPlus size={16} aria-hidden />;
    const props = { type: "submit", name: "intent", value: "save", disabled: true, "aria-busy": true } as const;
    expect(
      rendered(
        <Button {...props} fullWidth leftSection={icon}>
          Salvar
        </Button>,
      ),
    ).toEqual(
      rendered(
        <MantineButton {...mantineButtonLook({})} {...props} fullWidth leftSection={icon}>
          Salvar
        </MantineButton>,
      ),
    );
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
});
