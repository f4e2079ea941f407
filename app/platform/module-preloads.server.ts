import { Transform } from "node:stream";

const modulePreload = Buffer.from('<link rel="modulepreload"');
const tagEnd = ">".charCodeAt(0);

/** `document` without its module preload links, cut out of the bytes (decoding a whole page costs more than rendering a table). */
function withoutModulePreloads(document: Buffer): Buffer {
  const kept: Buffer[] = [];
  let start = 0;
  for (let found = document.indexOf(modulePreload); found !== -1; found = document.indexOf(modulePreload, start)) {
    kept.push(document.subarray(start, found));
    const end = document.indexOf(tagEnd, found);
    start = end === -1 ? document.length : end + 1;
  }
  if (start === 0) return document;
  kept.push(document.subarray(start));
  return Buffer.concat(kept);
}

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
      callback(null, withoutModulePreloads(Buffer.concat(chunks)));
    },
  });
}
