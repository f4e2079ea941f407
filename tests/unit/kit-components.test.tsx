// @vitest-environment jsdom
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { EmptyState } from "~/ui/kit/empty-state";
import { StatCard, StatGrid } from "~/ui/kit/stat-grid";
import { TagList } from "~/ui/kit/tag-list";

function render(node: ReactNode) {
  const html = renderToString(<MantineProvider>{node}</MantineProvider>);
  return new DOMParser().parseFromString(html, "text/html").body;
}

describe("EmptyState", () => {
  it("is the message alone when that is all it is given", () => {
    const body = render(<EmptyState testId="empty">Nada aqui.</EmptyState>);
    const empty = body.querySelector('[data-testid="empty"]');
    expect(empty?.textContent).toBe("Nada aqui.");
    expect(empty?.querySelectorAll("p")).toHaveLength(1);
    expect(empty?.querySelector("[aria-hidden]")).toBeNull();
  });

  it("puts the icon (hidden from screen readers), the title, the message and the action in that order", () => {
    const body = render(
      <EmptyState icon={<svg data-icon />} title="Nenhuma tabela" action={<a href="#create">Criar</a>}>
        Crie a primeira.
      </EmptyState>,
    );
    const parts = [...body.querySelector(".empty-state")!.children];
    expect(parts.map((part) => part.textContent)).toEqual(["", "Nenhuma tabela", "Crie a primeira.", "Criar"]);
    expect(parts[0]?.getAttribute("aria-hidden")).toBe("true");
    expect(parts[0]?.querySelector("[data-icon]")).not.toBeNull();
  });
});

describe("TagList", () => {
  it("renders nothing without tags", () => {
    expect(render(<TagList tags={[]} />).querySelector("ul")).toBeNull();
  });

  it("is a list of badges, each value read with its label", () => {
    const body = render(
      <TagList
        tags={[
          { label: "Tipo", value: "Ação" },
          { label: "Moeda", value: "BRL" },
        ]}
        tagTestId="tag"
      />,
    );
    const tags = [...body.querySelectorAll('ul > li[data-testid="tag"]')];
    expect(tags.map((tag) => tag.textContent)).toEqual(["Tipo: Ação", "Moeda: BRL"]);
    expect(tags.map((tag) => tag.querySelector(".visually-hidden")?.textContent)).toEqual(["Tipo: ", "Moeda: "]);
    expect(tags[0]?.getAttribute("title")).toBe("Tipo");
  });
});

describe("StatGrid", () => {
  it("is a description list: each card a group of one term and its value", () => {
    const body = render(
      <StatGrid testId="stats">
        <StatCard label="Preço">R$ 34,84</StatCard>
        <StatCard label="Volume">61,59 mi</StatCard>
      </StatGrid>,
    );
    const list = body.querySelector('dl[data-testid="stats"]');
    const cards = [...list!.children];
    expect(cards.map((card) => card.tagName)).toEqual(["DIV", "DIV"]);
    expect(cards.map((card) => [...card.children].map((part) => `${part.tagName}:${part.textContent}`))).toEqual([
      ["DT:Preço", "DD:R$ 34,84"],
      ["DT:Volume", "DD:61,59 mi"],
    ]);
  });
});
