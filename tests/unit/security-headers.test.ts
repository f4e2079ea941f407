import { describe, expect, it } from "vitest";

import { createNonce, securityHeaders } from "~/platform/security.server";

describe("security headers", () => {
  it("tell browsers to keep to https for a year when the app is served over https", () => {
    expect(securityHeaders("https://markets.example.org")).toMatchObject({
      "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
    });
  });

  it("never over plain http, where the header would be ignored or lock a local install out of http", () => {
    const headers = securityHeaders("http://localhost:3000");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(Object.keys(headers)).not.toContain("Strict-Transport-Security");
  });
});

describe("CSP nonces", () => {
  it("are 128 random bits each, never repeated, across refills of the pool they are cut from", () => {
    const nonces = Array.from({ length: 1000 }, () => createNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
