import { describe, expect, it } from "vitest";

import { loginSchema } from "~/account/schemas";
import { parseFormSubmission } from "~/platform/forms.server";

const formOf = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("form submissions", () => {
  it("never sends back a value longer than its field allows", () => {
    const long = `${"b".repeat(20_000)}@example.com`;
    const submission = parseFormSubmission(formOf({ email: long, password: "secret" }), loginSchema);
    const reply = submission.reply({ hideFields: ["password"] });
    expect(reply.error?.email).toEqual(["errors.invalidEmail"]);
    expect(JSON.stringify(reply).includes("bbbb")).toBe(false);
    expect(reply.initialValue).toEqual({});
  });

  it("still sends back a short invalid value, for the visitor to correct", () => {
    const reply = parseFormSubmission(formOf({ email: "ana@", password: "secret" }), loginSchema).reply({ hideFields: ["password"] });
    expect(reply.initialValue).toEqual({ email: "ana@" });
    expect(parseFormSubmission(formOf({ email: "a".repeat(300), password: "x" }), loginSchema).reply().initialValue).toEqual({
      password: "x",
    });
  });
});
