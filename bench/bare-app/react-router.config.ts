import type { Config } from "@react-router/dev/config";

// The bench builds this app into a directory of its own, never the real app's build/.
export default {
  appDirectory: "app",
  buildDirectory: process.env.BARE_APP_BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;
