// One app instance starting on the PostgreSQL database named on the command line: it migrates the
// database and closes it again (tests/unit/db.test.ts starts several at once).
import { openPostgres } from "../../app/platform/postgres.server";

const [url] = process.argv.slice(2);
if (!url) throw new Error("usage: open-postgres.ts <postgres url>");
const db = await openPostgres(url, process.cwd());
await db.close();
