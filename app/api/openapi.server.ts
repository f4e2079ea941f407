import { z } from "zod";

import { assistantReplySchema, chatStreamEventSchemas, chatStreamRequestSchema, proxyAiRequestSchema } from "~/assistant/schemas";
import { cryptoIdSchema, tickerSchema } from "~/market/identifiers";

import { provenanceHeaders, totalCountHeader } from "./proxy.server";
import { cryptoListParams, cryptoSearchParams, marketChartParams, newsParams, stockDetailParams, stockListParams } from "./proxy-params";
import { apiSchemas } from "./proxy-shapes";

/**
 * The OpenAPI 3.1 document of /proxy and the chat routes, generated from the zod schemas the
 * routes parse their input with and type their answers by.
 */

type JsonSchema = Record<string, unknown>;

const chatSchemas = z.registry<{ id: string }>();
chatSchemas.add(assistantReplySchema, { id: "AssistantReply" });
const chatEventIds = { content: "ChatStreamContent", content_end: "ChatStreamContentEnd", error: "ChatStreamError" } as const;
for (const [event, schema] of Object.entries(chatStreamEventSchemas)) {
  chatSchemas.add(schema, { id: chatEventIds[event as keyof typeof chatEventIds] });
}

const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Components as OpenAPI wants them: no `$schema` or `$id` of their own, refs into the document. */
function componentsOf(registry: z.core.$ZodRegistry<{ id: string }>) {
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema as JsonSchema]));
}

function inputSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
  return json;
}

/** A query schema's properties as OpenAPI query parameters. */
function queryParameters(schema: z.ZodObject): JsonSchema[] {
  const json = inputSchemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function pathParameter(name: string, schema: z.ZodType, example: string): JsonSchema {
  return { name, in: "path", required: true, schema: inputSchemaOf(schema), example };
}

const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: schemaRef("Error") } },
});

const dataHeaders = {
  "Cache-Control": { $ref: "#/components/headers/Cache-Control" },
  [provenanceHeaders.source]: { $ref: `#/components/headers/${provenanceHeaders.source}` },
  [provenanceHeaders.fetchedAt]: { $ref: `#/components/headers/${provenanceHeaders.fetchedAt}` },
  [provenanceHeaders.stale]: { $ref: `#/components/headers/${provenanceHeaders.stale}` },
};

function marketRead({
  summary,
  schemaId,
  parameters = [],
  notFound = false,
  paged = false,
}: {
  summary: string;
  schemaId: string;
  parameters?: JsonSchema[];
  notFound?: boolean;
  paged?: boolean;
}) {
  return {
    get: {
      summary,
      tags: ["market"],
      parameters,
      responses: {
        200: {
          description: "The data; its provenance is in the headers",
          headers: paged ? { ...dataHeaders, [totalCountHeader]: { $ref: `#/components/headers/${totalCountHeader}` } } : dataHeaders,
          content: { "application/json": { schema: schemaRef(schemaId) } },
        },
        400: errorAnswer("A parameter is invalid; the message names it"),
        ...(notFound && { 404: errorAnswer("No such asset") }),
        502: errorAnswer("The upstream failed and nothing was kept"),
      },
    },
  };
}

const chatErrors = {
  400: errorAnswer("A malformed body, a blank or over-long prompt, or an invalid session id"),
  401: errorAnswer("Not signed in"),
  409: errorAnswer("The session id belongs to another account"),
  429: errorAnswer("Too many messages; Retry-After says when to try again"),
};

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Market Analytics API",
      version: "1",
      description:
        "Market data in the upstream shapes (brapi, CoinGecko, Finnhub) and the assistant. Answers follow the visitor's language (cookie `i18next`, `?lng=` or Accept-Language).",
    },
    servers: [{ url: serverUrl }],
    tags: [{ name: "market" }, { name: "assistant" }],
    paths: {
      "/proxy/stocks": marketRead({
        summary: "B3 and US stocks, paged",
        schemaId: "StockList",
        parameters: queryParameters(stockListParams),
      }),
      "/proxy/stocks/{ticker}": marketRead({
        summary: "One stock's quote, daily history and profile",
        schemaId: "StockQuoteAnswer",
        parameters: [pathParameter("ticker", tickerSchema, "PETR4"), ...queryParameters(stockDetailParams)],
        notFound: true,
      }),
      "/proxy/cryptos": marketRead({
        summary: "Cryptocurrencies by market cap, paged",
        schemaId: "CryptoMarkets",
        parameters: queryParameters(cryptoListParams),
        paged: true,
      }),
      "/proxy/cryptos/search": marketRead({
        summary: "Cryptocurrencies matching a query (first 7)",
        schemaId: "CryptoSearch",
        parameters: queryParameters(cryptoSearchParams),
      }),
      "/proxy/cryptos/trending": marketRead({ summary: "Trending cryptocurrencies", schemaId: "CryptoTrending" }),
      "/proxy/cryptos/{id}": marketRead({
        summary: "One cryptocurrency, its description and categories",
        schemaId: "CryptoDetail",
        parameters: [pathParameter("id", cryptoIdSchema, "bitcoin")],
        notFound: true,
      }),
      "/proxy/cryptos/{id}/market_chart": marketRead({
        summary: "Price, market cap and volume series between two instants (at most 366 days)",
        schemaId: "CryptoMarketChart",
        parameters: [pathParameter("id", cryptoIdSchema, "bitcoin"), ...queryParameters(marketChartParams)],
        notFound: true,
      }),
      "/proxy/news": marketRead({
        summary: "News, newest first, paged",
        schemaId: "NewsList",
        parameters: queryParameters(newsParams),
        paged: true,
      }),
      "/proxy/currencies": marketRead({ summary: "Currency rates against the US dollar", schemaId: "Rates" }),
      "/proxy/openapi.json": {
        get: {
          summary: "This document",
          tags: ["market"],
          responses: { 200: { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } } },
        },
      },
      "/proxy/ai": {
        post: {
          summary: "The assistant's whole reply, for clients that do not stream",
          tags: ["assistant"],
          security: [{ cookieSession: [] }, { bearer: [] }],
          requestBody: { required: true, content: { "application/json": { schema: inputSchemaOf(proxyAiRequestSchema) } } },
          responses: {
            200: { description: "The stored reply", content: { "application/json": { schema: schemaRef("AssistantReply") } } },
            ...chatErrors,
            502: errorAnswer("The model failed"),
          },
        },
      },
      "/chat/stream": {
        post: {
          summary: "The assistant's reply as server-sent events",
          tags: ["assistant"],
          security: [{ cookieSession: [] }, { bearer: [] }],
          requestBody: { required: true, content: { "application/json": { schema: inputSchemaOf(chatStreamRequestSchema) } } },
          responses: {
            200: {
              description:
                "Events `content` (pieces of the reply), then `content_end`, or `error`; each event's data is JSON as `x-events` says",
              content: { "text/event-stream": { schema: { type: "string" } } },
              "x-events": Object.fromEntries(Object.entries(chatEventIds).map(([event, id]) => [event, schemaRef(id)])),
            },
            ...chatErrors,
          },
        },
      },
    },
    components: {
      schemas: { ...componentsOf(apiSchemas), ...componentsOf(chatSchemas) },
      headers: {
        "Cache-Control": { description: "How long the data stays fresh", schema: { type: "string" } },
        [provenanceHeaders.source]: {
          description: "Embedded demonstration data or a live upstream",
          schema: { type: "string", enum: ["demo", "live"] },
        },
        [provenanceHeaders.fetchedAt]: {
          description: "When the data was fetched from its source",
          schema: { type: "string", format: "date-time" },
        },
        [provenanceHeaders.stale]: {
          description: "true when the upstream failed and this is the last good data",
          schema: { type: "string", enum: ["true", "false"] },
        },
        [totalCountHeader]: { description: "Items in all pages", schema: { type: "string", pattern: "^\\d+$" } },
      },
      securitySchemes: {
        cookieSession: { type: "apiKey", in: "cookie", name: "access_token" },
        bearer: { type: "http", scheme: "bearer", description: "An access token from POST /auth/refresh" },
      },
    },
  };
}
