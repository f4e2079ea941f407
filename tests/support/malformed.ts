/**
 * Generators of malformed input for the bad-input tests (fast-check, sampled with a fixed seed so
 * every run sends the same requests): strings with unicode edge cases, oversized text, markup and
 * injection payloads, wrong types, missing and repeated fields, and bodies that are not what the
 * route reads at all.
 */
import fc from "fast-check";

/** The hand-picked nasty values: each one has broken some web app somewhere. */
const edgeStrings = [
  "",
  " ",
  "\t\r\n",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m",
  "\uD800",
  "\uDFFF",
  "x\uDBFFy",
  "\uDC00\uD800",
  "\u202Eevil\u202C",
  "\u200F\u200E\u061C",
  "\u200B",
  "\u200B\u200C\u200D\uFEFF",
  "\u00A0\u3000",
  "\u2028\u2029",
  "😀",
  "👩‍👩‍👧‍👦",
  "🏳️‍🌈",
  "Z̤̔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗̻̊",
  "\u0301\u0301\u0301",
  "ﷺ",
  "𝕳𝖊𝖑𝖑𝖔",
  "İıſK",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg/onload=alert(1)>',
  "<scr<script>ipt>alert(1)</script>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "javascript:alert(1)",
  "<!--",
  "]]>",
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; SELECT * FROM users",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "%00",
  "%",
  "%E0%A4%A",
  "file:///etc/passwd",
  "${jndi:ldap://127.0.0.1/a}",
  "{{7*7}}",
  "%s%s%s%n",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "-0",
  "1e309",
  "0x1F",
  "1.5",
  "99999999999999999999999",
  "[]",
  "{}",
  "true",
  "//evil.example/",
  "https://evil.example/",
  "/\\evil.example",
  "a@b",
  "@",
  "user@@example.com",
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Text as it comes: any code point, lone surrogates, graphemes, control characters. */
const randomText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary-ascii", maxLength: 40 }),
  fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom("a", "\u0000", "\u202E", "<", "'")), maxLength: 12 }),
);

/** Longer than any field allows, up to ~100 KB. */
const oversized = fc
  .tuple(fc.integer({ min: 130, max: 100_000 }), fc.constantFrom("A", "é", "😀", "<b>", "\u0000", "\u200B", " "))
  .map(([length, piece]) => piece.repeat(Math.ceil(length / piece.length)));

const combined = fc.tuple(fc.constantFrom(...edgeStrings), fc.constantFrom(...edgeStrings)).map(([a, b]) => a + b);

/** One malformed string; oversized ones are rarer, so a run stays quick. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...edgeStrings) },
  { weight: 4, arbitrary: randomText },
  { weight: 2, arbitrary: combined },
  { weight: 1, arbitrary: oversized },
);

/** A form field's value: absent, one string, or the same field repeated. */
export type FormValue = string | string[] | undefined;

function formValue(valid: fc.Arbitrary<string>): fc.Arbitrary<FormValue> {
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 4, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.array(fc.oneof(valid, nastyString), { minLength: 2, maxLength: 3 }) },
  );
}

/** A form made of these fields, each valid, malformed, missing or repeated. */
export function formOf(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Record<string, FormValue>> {
  return fc.record(Object.fromEntries(Object.entries(fields).map(([name, valid]) => [name, formValue(valid)])));
}

/** JSON nested deeper than any parser should recurse. */
export const deepJson = fc
  .tuple(fc.integer({ min: 500, max: 20_000 }), fc.constantFrom("[", '{"a":'))
  .map(([depth, open]) => open.repeat(depth) + "1" + (open === "[" ? "]" : "}").repeat(depth));

/** A JSON field's value: right or wrong type, nested, huge, or a malformed string. */
export function jsonValue(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308),
        fc.array(nastyString, { maxLength: 3 }),
        fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
        fc.jsonValue({ maxDepth: 4 }),
      ),
    },
  );
}

/** A JSON object made of these fields (undefined fields are left out by JSON.stringify). */
export function jsonObjectOf(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(Object.entries(fields).map(([name, valid]) => [name, jsonValue(valid)])));
}

/** A body that is not what the route reads: its content type, its encoding or its framing is wrong. */
export type RawBody = { contentType: string | undefined; body: string | Uint8Array };

export const brokenBodies: RawBody[] = [
  { contentType: "application/json", body: '{"email": "a@b.test", "password": ' },
  { contentType: "application/json", body: "[1, 2, 3]" },
  { contentType: "text/plain", body: "email=a@b.test&password=x" },
  { contentType: "application/xml", body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
  { contentType: "multipart/form-data; boundary=abc", body: '--abc\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end' },
  { contentType: "multipart/form-data", body: "--x\r\n\r\n--x--" },
  { contentType: "multipart/form-data; boundary=abc", body: "garbage without any boundary" },
  { contentType: "application/x-www-form-urlencoded", body: "title=%E0%A4%A&description=%&%%%=1" },
  { contentType: "application/x-www-form-urlencoded", body: new Uint8Array([0x74, 0x3d, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0xc0, 0xaf]) },
  { contentType: "application/x-www-form-urlencoded", body: "&&&===&a&=b&" },
  { contentType: "application/x-www-form-urlencoded", body: `title=${"A".repeat(1_000_000)}` },
  { contentType: "application/x-www-form-urlencoded", body: Array.from({ length: 5000 }, (_, i) => `f${i}=x`).join("&") },
  { contentType: undefined, body: "" },
  { contentType: "application/json", body: "" },
];
