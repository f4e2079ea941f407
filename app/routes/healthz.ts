/** Liveness probe for operators and the baseline of the data benchmark. */
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
