// @vitest-environment jsdom
import {
  Button as MantineButton,
  Checkbox as MantineCheckbox,
  Group,
  MantineProvider,
  NativeSelect,
  PasswordInput as MantinePasswordInput,
  Radio,
  TextInput as MantineTextInput,
} from "@mantine/core";
import { IconDownload, IconPlus, IconSelector } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { Button, ButtonLink, type ButtonSize, type ButtonVariant, mantineButtonLook } from "~/ui/kit/button";
import { inputLook, LabelledCheckbox, PasswordInput, RadioGroup, Select, TextInput, WrappedCheckbox } from "~/ui/kit/input";
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

/** Every id, and every attribute naming it, numbered in order of appearance: radios take generated ids. */
function withIdsNumbered(html: string) {
  const ids = [...new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]!))];
  return ids.reduce((numbered, id, index) => numbered.replaceAll(`"${id}"`, `"id-${index}"`), html);
}

function rendered(node: ReactNode, { numberIds = false } = {}) {
  const html = renderToString(<MantineProvider theme={mantineTheme}>{node}</MantineProvider>);
  const body = new DOMParser().parseFromString(numberIds ? withIdsNumbered(html) : html, "text/html").body;
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

describe("the kit's ButtonLink", () => {
  const icon = <IconDownload size={18} aria-hidden />;
  it("is Mantine's Button drawn as a link to an address, with or without an icon", () => {
    expect(
      rendered(
        <ButtonLink href="/user/register-tables/1/csv" variant="outline" download leftSection={icon}>
          CSV
        </ButtonLink>,
      ),
    ).toEqual(
      rendered(
        <MantineButton
          component="a"
          href="/user/register-tables/1/csv"
          download
          {...mantineButtonLook({ variant: "outline" })}
          leftSection={icon}
        >
          CSV
        </MantineButton>,
      ),
    );
    expect(rendered(<ButtonLink href="#create">Criar</ButtonLink>)).toEqual(
      rendered(
        <MantineButton component="a" href="#create" {...mantineButtonLook({})}>
          Criar
        </MantineButton>,
      ),
    );
  });

  it("is a plain link into the app for a route, keeping the scroll when asked", () => {
    const [link] = rendered(
      <ButtonLink to="?twoFactorStep=2#two-factor" preventScrollReset>
        Continuar
      </ButtonLink>,
    );
    const [mantine] = rendered(
      <MantineButton component="a" href="?twoFactorStep=2#two-factor" {...mantineButtonLook({})}>
        Continuar
      </MantineButton>,
    );
    const marks = ' data-plain-link="" data-prevent-scroll-reset=""';
    expect(link).toContain(marks);
    expect(link!.replace(marks, "")).toBe(mantine);
  });
});

describe("the kit's Select", () => {
  const options = [
    <option key="" value="">
      Todos
    </option>,
    <option key="acao" value="acao">
      Ações &amp; FIIs
    </option>,
  ];
  const cases = {
    "a label and a value": { id: "s1", name: "type", label: "Tipo", defaultValue: "acao" },
    "a hint and an error, marked invalid as Conform's fields are": {
      id: "s2",
      name: "sector",
      label: "Setor",
      description: "Dica",
      error: "Escolha um setor",
      "aria-invalid": true,
      required: true,
    },
    "its label beside it and a class": { id: "s3", name: "perPage", label: "Por página", labelBeside: true, className: "x" },
    "an aria-label alone, as on a favourite's row": {
      id: "s4",
      name: "tableId",
      "aria-label": "Tabela para PETR4",
      className: "add-to-table__select",
    },
  } as const;

  for (const [name, props] of Object.entries(cases)) {
    it(`is Mantine's NativeSelect with ${name}`, () => {
      const { className, labelBeside, ...mantine } = { className: undefined, labelBeside: undefined, ...props };
      expect(rendered(<Select {...props}>{options}</Select>)).toEqual(
        rendered(
          <NativeSelect {...inputLook({ className, labelBeside })} rightSection={<IconSelector size={16} aria-hidden />} {...mantine}>
            {options}
          </NativeSelect>,
        ),
      );
    });
  }
});

describe("the kit's RadioGroup", () => {
  it("is Mantine's Radio.Group of Radios, the default one checked", () => {
    const options = [
      { value: "light", label: "Claro" },
      { value: "dark", label: "Escuro" },
    ];
    expect(rendered(<RadioGroup name="theme" label="Tema" options={options} defaultValue="dark" />, { numberIds: true })).toEqual(
      rendered(
        <Radio.Group
          {...inputLook()}
          classNames={{ label: "kit-label", description: "kit-description", error: "kit-error" }}
          name="theme"
          label="Tema"
          defaultValue="dark"
        >
          <Group gap="lg" mt="xs">
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>,
        { numberIds: true },
      ),
    );
  });
});

describe("the kit's checkboxes", () => {
  const labelled = { id: "c", name: "confirm", label: "Confirmo", defaultChecked: false, required: true } as const;
  const mantineLook = { radius: "sm", className: "kit-field", classNames: { error: "kit-error" } } as const;

  it("LabelledCheckbox is Mantine's Checkbox with a label", () => {
    expect(rendered(<LabelledCheckbox {...labelled} />)).toEqual(rendered(<MantineCheckbox {...labelled} {...mantineLook} />));
  });

  it("LabelledCheckbox is Mantine's Checkbox with an error under its label", () => {
    const invalid = { ...labelled, "aria-invalid": true, "aria-describedby": "c-error", error: <span id="c-error">Marque a caixa</span> };
    expect(rendered(<LabelledCheckbox {...invalid} />)).toEqual(rendered(<MantineCheckbox {...invalid} {...mantineLook} />));
  });

  it("WrappedCheckbox is Mantine's extra-small box in a colour, ticked or not", () => {
    for (const defaultChecked of [true, false]) {
      const props = { name: "kind", value: "ipo", defaultChecked, color: "var(--kind-color)" };
      expect(rendered(<WrappedCheckbox {...props} />)).toEqual(rendered(<MantineCheckbox {...props} size="xs" radius="sm" />));
    }
  });
});
