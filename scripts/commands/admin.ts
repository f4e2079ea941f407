// Names the administrators of this instance, on the database the server uses (the same DATA_DIR
// and DATABASE_PATH, or DATABASE_URL): safe while the server runs, SQLite's WAL lets both write.
//
//   npm run admin -- grant someone@example.com
//   npm run admin -- revoke someone@example.com
//   npm run admin -- list
import path from "node:path";

import { listAdministrators, setAdministrator } from "../../app/account/admins.server";
import { findUserByEmail } from "../../app/account/users.server";
import { openDatabase } from "../../app/platform/database.server";
import { type Env, loadEnv } from "../../app/platform/env.server";
import { loadEnvFile } from "../lib/env-file.js";

const usage = "Usage: npm run admin -- grant <email> | revoke <email> | list";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [command, email, ...extra] = process.argv.slice(2);
const needsEmail = command === "grant" || command === "revoke";
if (!(needsEmail || command === "list") || (needsEmail && !email) || (!needsEmail && email) || extra.length > 0) fail(usage);

const appDir = path.resolve(import.meta.dirname, "../..");
loadEnvFile(appDir);

let config: Env;
try {
  // A command is an entry point, like server.js: it reads the environment the operator gave it.
  config = loadEnv(process.env, appDir);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const db = await openDatabase(config);

try {
  if (command === "list") {
    const administrators = await listAdministrators(db);
    if (administrators.length === 0) console.log("No administrators yet.");
    for (const { email, nickname, loginMethod } of administrators) console.log(`${email}  ${nickname}  (${loginMethod})`);
  } else {
    const user = await findUserByEmail(db, email!);
    if (!user) fail(`No account has the address ${email}: register it (or sign in with it) first, then run this again.`);
    const administrator = command === "grant";
    if ((user.userType === "admin") === administrator) {
      console.log(`${user.email} ${administrator ? "is already" : "was not"} an administrator.`);
    } else {
      await setAdministrator(db, user.id, administrator);
      console.log(`${user.email} ${administrator ? "is now an administrator" : "is no longer an administrator"}.`);
    }
  }
} finally {
  await db.close();
}
