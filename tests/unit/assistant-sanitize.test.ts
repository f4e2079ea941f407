import { describe, expect, it } from "vitest";

import { sanitizeDeep, sanitizeText } from "~/assistant/sanitize.server";

describe("sanitising what goes to and comes from the assistant", () => {
  it("removes script tags with their code and keeps the text around them", () => {
    expect(sanitizeText("Olá <script>alert('x')</script>mundo")).toBe("Olá mundo");
  });

  it("removes elements carrying event attributes, keeping their text", () => {
    expect(sanitizeText('<img src=x onerror="alert(1)">Preço <b onmouseover="steal()">alto</b>')).toBe("Preço alto");
    expect(sanitizeText('<a href="javascript:alert(1)">clique</a>')).toBe("clique");
  });

  it("leaves plain text alone, including comparison signs and ampersands", () => {
    for (const text of ["P/L < 10 e ROE > 15%", "S&P 500", "Tom & Jerry", "1 < 2 > 0", "Preço: R$ 38,42 ▲"]) {
      expect(sanitizeText(text)).toBe(text);
    }
  });

  it("cannot be tricked by encoded or nested markup", () => {
    expect(sanitizeText("&lt;script&gt;alert(1)&lt;/script&gt;")).not.toMatch(/<script/i);
    expect(sanitizeText("<<script>script>alert(1)<</script>/script>")).not.toMatch(/<script/i);
    expect(sanitizeText("<svg><style>x</style><img src=x onerror=alert(1)></svg>ok")).toBe("ok");
  });

  it("walks arrays and objects of any depth, leaving other values as they are", () => {
    const input = {
      prompt: "<script>x()</script>Qual o preço do BTC?",
      count: 3,
      liked: true,
      nothing: null,
      parts: [{ text: "<b>negrito</b>" }, { text: ["<i onclick='x()'>itálico</i>", 7] }],
    };
    expect(sanitizeDeep(input)).toEqual({
      prompt: "Qual o preço do BTC?",
      count: 3,
      liked: true,
      nothing: null,
      parts: [{ text: "negrito" }, { text: ["itálico", 7] }],
    });
  });
});
