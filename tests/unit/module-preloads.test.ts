import { Readable } from "node:stream";

import { describe, expect, it } from "vitest";

import { documentWithoutModulePreloads } from "~/platform/module-preloads.server";

describe("the rendered document", () => {
  it("goes out in one piece without module preload hints, its text intact", async () => {
    const html =
      '<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"/><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
      '<link rel="stylesheet" href="/assets/a.css"/></head><body><p>Cotações em R$ — ação</p>' +
      '<script type="module" async="">import * as route0 from "/assets/a.js";</script></body></html>';
    const bytes = Buffer.from(html);
    // Pieces cut anywhere, including inside a tag and inside a multi-byte character.
    const insideDash = bytes.indexOf("—") + 1;
    const pieces = [bytes.subarray(0, 70), bytes.subarray(70, insideDash), bytes.subarray(insideDash)];
    const outputs: Buffer[] = [];
    for await (const chunk of Readable.from(pieces).pipe(documentWithoutModulePreloads())) outputs.push(chunk as Buffer);
    expect(outputs).toHaveLength(1);
    expect(Buffer.concat(outputs).toString()).toBe(html.replace('<link rel="modulepreload" href="/assets/a.js" nonce="n"/>', ""));
  });
});
