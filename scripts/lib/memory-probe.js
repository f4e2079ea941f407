// Preloaded into the benched server (node --import): on SIGUSR2 it collects the garbage, then writes
// the process's memory as the heap sees it to MEMORY_PROBE_FILE, which the bench reads. The server
// itself knows nothing of it.
import { writeFileSync } from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  v8.setFlagsFromString("--expose-gc");
  const collect = vm.runInNewContext("gc");
  process.on("SIGUSR2", () => {
    collect();
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((space) => [space.space_name, { used: space.space_used_size, size: space.space_size }]),
    );
    const at = Date.now();
    writeFileSync(file, JSON.stringify({ at, rss, heapTotal, heapUsed, external, arrayBuffers, spaces }));
  });
}
