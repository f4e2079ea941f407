import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, "../..");

/**
 * `npm run admin -- …` as an operator types it next to a running server, with only the variables
 * given (DATA_DIR or DATABASE_PATH name the server's database).
 */
export async function adminCommand(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "admin", "--", ...args], {
      cwd: repositoryRoot,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    });
    return { code: 0, output: `${stdout}${stderr}`.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}`.trim() };
  }
}
