// Reads `.env` in the app's directory into process.env, for the server and the operator's commands
// alike; a variable already set in the real environment keeps its value, and no file is no error.
import path from "node:path";

export function loadEnvFile(appDir) {
  try {
    process.loadEnvFile(path.join(appDir, ".env"));
  } catch (error) {
    if (error?.code !== "ENOENT") throw error;
  }
}
