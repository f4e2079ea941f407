import { Transform } from "node:stream";

const modulePreload = /<link rel="modulepreload"[^>]*>/g;

/**
 * The rendered document, sent in one piece without React Router's module preload hints.
 *
 * The hints ask for every script of the page at high priority before the first paint, so on a slow
 * connection the scripts compete with the stylesheets and the page shows later; without them the
 * browser paints the server's HTML first and fetches the scripts through the module script at the
 * end of the body. Pages have no deferred parts (every loader awaits its data), so nothing is gained
 * by streaming the document in pieces, while each piece costs the compression further on a pass of
 * its own.
 */
export function documentWithoutModulePreloads(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      callback(null, Buffer.from(Buffer.concat(chunks).toString("utf8").replace(modulePreload, "")));
    },
  });
}
