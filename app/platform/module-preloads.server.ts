import { Transform } from "node:stream";

const headEnd = Buffer.from("</head>");
const modulePreload = /<link rel="modulepreload"[^>]*>/g;

/**
 * Takes React Router's module preload hints out of the document head. They ask for every script
 * of the page at high priority before the first paint, so on a slow connection the scripts compete
 * with the stylesheets and the page shows later; without them the browser paints the server's HTML
 * first and fetches the scripts through the module script at the end of the body. Everything after
 * the head streams through untouched.
 */
export function withoutModulePreloads(): Transform {
  let head: Buffer[] | null = [];
  const releaseHead = (rest: Buffer = Buffer.alloc(0)) => {
    const text = Buffer.concat(head ?? []).toString("utf8").replace(modulePreload, "");
    head = null;
    return Buffer.concat([Buffer.from(text), rest]);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!head) return callback(null, chunk);
      head.push(chunk);
      const buffered = Buffer.concat(head);
      const end = buffered.indexOf(headEnd);
      if (end === -1) return callback();
      head = [buffered.subarray(0, end)];
      callback(null, releaseHead(buffered.subarray(end)));
    },
    flush(callback) {
      callback(null, head ? releaseHead() : undefined);
    },
  });
}
