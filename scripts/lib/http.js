// A small HTTP client over one keep-alive agent, timing each answer to its last byte.
import http from "node:http";

const agent = new http.Agent({ keepAlive: true });

/**
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [options]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer, ms: number }>}
 */
export function request(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const outgoing = http.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** GET that must answer 200; the body as text. */
export async function fetchText(url, headers = { "Accept-Encoding": "identity" }) {
  const response = await request(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response.body.toString("utf8");
}

/**
 * Cookies as a browser keeps them for one site: a Set-Cookie replaces the cookie of that name,
 * and one that expires it (empty value or Max-Age=0) removes it.
 * @param {Map<string, string>} jar
 * @param {string[]} setCookies
 */
export function applySetCookies(jar, setCookies) {
  for (const line of setCookies) {
    const [pair = "", ...attributes] = line.split(";");
    const index = pair.indexOf("=");
    if (index <= 0) continue;
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute));
    if (!value || expired) jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

/** The Cookie header a browser would send from `jar`. */
export function cookieHeader(jar) {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export function closeConnections() {
  agent.destroy();
}
