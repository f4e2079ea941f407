import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { createParser } from "eventsource-parser";
import { beforeAll, describe, expect, it } from "vitest";

import { DAY_SECONDS } from "~/lib/time";

import { callLoader } from "../support/loader-call";
import { callRoute, signedInUser } from "../support/route-call";

/**
 * Every route the OpenAPI document names is called for real, and each answer (successes and
 * errors, bodies and headers) is checked against the document's own schemas.
 */

type Operation = {
  requestBody?: { content: Record<string, { schema: object }> };
  parameters?: { name: string; in: string; required: boolean; schema: object }[];
  responses: Record<
    string,
    { headers?: Record<string, { $ref: string }>; content?: Record<string, { schema: object }>; "x-events"?: Record<string, object> }
  >;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; headers: Record<string, { schema: object }> };
};

let document: Document;
let ajv: Ajv2020;

beforeAll(async () => {
  const { loader } = await import("~/routes/proxy/openapi");
  const { response, body } = await callLoader(loader, "/proxy/openapi.json");
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  document = body as Document;
  // Strict: a schema with a keyword JSON Schema 2020-12 does not know is an error, not ignored.
  ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
  ajv.addKeyword("components");
  ajv.addSchema({ $id: "api", components: document.components });
});

/** A validator for a schema of the document; its $refs point into the document's components. */
function validatorFor(schema: object): ValidateFunction {
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/')));
}

function expectValid(schema: object, value: unknown, label: string) {
  const validate = validatorFor(schema);
  const valid = validate(value);
  expect(valid ? [] : validate.errors, label).toEqual([]);
}

function expectAnswerMatches(operation: Operation, response: Response, body: unknown, label: string) {
  const documented = operation.responses[String(response.status)];
  expect(documented, `${label}: status ${response.status} is documented`).toBeDefined();
  const content = documented!.content?.["application/json"];
  expect(content, `${label}: a JSON answer is documented`).toBeDefined();
  expectValid(content!.schema, body, label);
  for (const [name, { $ref }] of Object.entries(documented!.headers ?? {})) {
    const header = document.components.headers[$ref.split("/").at(-1)!]!;
    const value = response.headers.get(name);
    expect(value, `${label}: header ${name}`).not.toBeNull();
    expectValid(header.schema, value, `${label}: header ${name}`);
  }
}

const loaders = {
  "/proxy/stocks": () => import("~/routes/proxy/stocks"),
  "/proxy/stocks/{ticker}": () => import("~/routes/proxy/stock"),
  "/proxy/cryptos": () => import("~/routes/proxy/cryptos"),
  "/proxy/cryptos/search": () => import("~/routes/proxy/crypto-search"),
  "/proxy/cryptos/trending": () => import("~/routes/proxy/crypto-trending"),
  "/proxy/cryptos/{id}": () => import("~/routes/proxy/crypto"),
  "/proxy/cryptos/{id}/market_chart": () => import("~/routes/proxy/crypto-chart"),
  "/proxy/news": () => import("~/routes/proxy/news"),
  "/proxy/currencies": () => import("~/routes/proxy/currencies"),
};

const now = Math.floor(Date.now() / 1000);
/** Requests for each documented GET route: [query string, path parameters, headers]. */
const getRequests: Record<keyof typeof loaders, [string, Record<string, string>?, Record<string, string>?][]> = {
  "/proxy/stocks": [["?limit=5"], ["?search=PETR&sortBy=change&sortOrder=desc&type=stock"], ["?limit=0"], ["?search=zzzzzz"]],
  "/proxy/stocks/{ticker}": [
    ["?range=1mo&interval=1d&modules=summaryProfile", { ticker: "PETR4" }],
    ["?modules=summaryProfile,defaultKeyStatistics,financialData&dividends=true", { ticker: "ITUB4" }],
    ["?range=1y", { ticker: "AAPL" }, { "Accept-Language": "en" }],
    ["", { ticker: "ZZZZ9" }],
    ["?range=2w", { ticker: "PETR4" }],
  ],
  "/proxy/cryptos": [["?vs_currency=usd&per_page=50&page=1&precision=2"], ["?per_page=10&page=3&order=volume_desc"], ["?vs_currency=xyz"]],
  "/proxy/cryptos/search": [["?query=bit"], ["?query=zzzzzz"], ["?query="]],
  "/proxy/cryptos/trending": [[""]],
  "/proxy/cryptos/{id}": [
    ["", { id: "bitcoin" }],
    ["", { id: "ethereum" }, { "Accept-Language": "es" }],
    ["", { id: "tether" }, { "Accept-Language": "en" }],
    ["", { id: "not-a-coin" }],
  ],
  "/proxy/cryptos/{id}/market_chart": [
    [`?vs_currency=usd&from=${now - 31 * DAY_SECONDS}&to=${now}`, { id: "bitcoin" }],
    [`?from=${now}&to=${now - 10}`, { id: "bitcoin" }],
    [`?from=${now - DAY_SECONDS}&to=${now}`, { id: "not-a-coin" }],
  ],
  "/proxy/news": [["?category=crypto&page=1&limit=5"], ["?category=general", {}, { Cookie: "i18next=es" }], ["?category=sports"]],
  "/proxy/currencies": [[""]],
};

describe("/proxy/openapi.json", () => {
  it("is an OpenAPI 3.1 document whose schemas are valid JSON Schema 2020-12", () => {
    expect(document.openapi).toBe("3.1.0");
    for (const [id, schema] of Object.entries(document.components.schemas)) {
      expect(() => ajv.compile({ $ref: `api#/components/schemas/${id}` }), id).not.toThrow();
      expect(schema).not.toHaveProperty("$id");
    }
  });

  it("documents /proxy and the chat routes, and this test calls every one of them", () => {
    expect(Object.keys(document.paths).sort()).toEqual(
      [...Object.keys(getRequests), "/proxy/openapi.json", "/proxy/ai", "/chat/stream"].sort(),
    );
  });

  it.each(Object.keys(getRequests) as (keyof typeof loaders)[])("GET %s answers as documented", async (route) => {
    const operation = document.paths[route]!.get!;
    const { loader } = await loaders[route]();
    const statuses = new Set<number>();
    for (const [query, params = {}, headers = {}] of getRequests[route]) {
      const url = route.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!) + query;
      const { response, body } = await callLoader(loader, url, params, headers);
      statuses.add(response.status);
      expectAnswerMatches(operation, response, body, url);
    }
    expect(statuses.has(200), `${route}: a success was checked`).toBe(true);
  });

  it("documents each route's query parameters as the route reads them", async () => {
    const names = (route: string) => document.paths[route]!.get!.parameters!.map(({ name, in: place }) => `${place}:${name}`);
    expect(names("/proxy/stocks")).toEqual([
      "query:search",
      "query:limit",
      "query:page",
      "query:sortBy",
      "query:sortOrder",
      "query:type",
      "query:sector",
    ]);
    expect(names("/proxy/stocks/{ticker}")).toEqual(["path:ticker", "query:range", "query:interval", "query:modules", "query:dividends"]);
    expect(names("/proxy/cryptos/{id}/market_chart")).toEqual(["path:id", "query:vs_currency", "query:from", "query:to"]);
    const chart = document.paths["/proxy/cryptos/{id}/market_chart"]!.get!.parameters!;
    expect(chart.filter(({ required }) => required).map(({ name }) => name)).toEqual(["id", "from", "to"]);
  });
});

const origin = "http://localhost";
function postJson(url: string, cookie: string, body: unknown) {
  return new Request(`${origin}${url}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function postResource(module: () => Promise<{ action: (args: never) => unknown }>, request: Request): Promise<Response> {
  const { response } = await callRoute((await module()).action, request);
  if (!response) throw new Error("a resource route must answer with a Response");
  return response;
}

describe("the chat routes in the document", () => {
  const proxyAi = () => import("~/routes/proxy/ai");
  const chatStream = () => import("~/routes/chat-stream");

  it("POST /proxy/ai: replies, refusals and the foreign-session conflict match the document", async () => {
    const operation = document.paths["/proxy/ai"]!.post!;
    const owner = await signedInUser({ language: "en" });
    const other = await signedInUser({ language: "es" });
    const body = { parts: [{ text: null }, { text: null }, { text: "What is the Selic rate?" }], sessionId: "openapi-session" };
    expectValid(operation.requestBody!.content["application/json"]!.schema, body, "request");
    for (const [request, status] of [
      [postJson("/proxy/ai", owner.cookie, body), 200],
      [postJson("/proxy/ai", other.cookie, body), 409],
      [postJson("/proxy/ai", owner.cookie, { ...body, sessionId: "" }), 400],
      [postJson("/proxy/ai", "", body), 401],
    ] as const) {
      const response = await postResource(proxyAi, request);
      expect(response.status).toBe(status);
      expectAnswerMatches(operation, response, await response.json(), `/proxy/ai ${status}`);
    }
  });

  it("POST /chat/stream: every event's data matches the document's event schema", async () => {
    const operation = document.paths["/chat/stream"]!.post!;
    const { cookie } = await signedInUser({ language: "pt-BR" });
    const body = { prompt: "o que é Selic?", sessionId: "openapi-stream", lastUserMessage: null, lastBotMessage: null };
    const response = await postResource(chatStream, postJson("/chat/stream", cookie, body));
    expect(response.status).toBe(200);
    expect(operation.responses["200"]!.content).toHaveProperty("text/event-stream");
    const eventSchemas = operation.responses["200"]!["x-events"]!;
    const events: { event: string; data: unknown }[] = [];
    const parser = createParser({ onEvent: (event) => events.push({ event: event.event ?? "message", data: JSON.parse(event.data) }) });
    parser.feed(await response.text());
    expect(events.at(-1)?.event).toBe("content_end");
    for (const { event, data } of events) {
      expect(eventSchemas, event).toHaveProperty(event);
      expectValid(eventSchemas[event]!, data, `event ${event}`);
    }
  });
});
