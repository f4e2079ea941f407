// The benchmark's throughput baseline: one static 20 KB HTML page from plain node:http, held in
// memory and sent uncompressed, whatever the request asks for.
import http from "node:http";

const pageBytes = 20 * 1024;

function staticPage() {
  const rows = Array.from(
    { length: 400 },
    (_, index) => `<tr><td>${index + 1}</td><td>Asset ${index + 1}</td><td>${(1000 / (index + 1)).toFixed(2)}</td></tr>\n`,
  ).join("");
  const page = `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Static</title></head><body><table>\n${rows}`;
  const end = "</table></body></html>\n";
  // Trimmed to whole rows, then padded with a comment to exactly pageBytes.
  const head = page.slice(0, page.lastIndexOf("<tr>", pageBytes - end.length - 8));
  return Buffer.from(`${head}<!--${" ".repeat(pageBytes - head.length - end.length - 7)}-->${end}`);
}

const body = staticPage();
const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Length": String(body.length) };

http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1");
