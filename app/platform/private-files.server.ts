import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";

/**
 * The data directory holds the database and the session secret: only the server's own user may
 * enter it, whatever umask the server was started with (a umask can only take permissions away).
 */
export function createPrivateDirectory(directory: string) {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
}

/**
 * Creates a database file readable by its owner alone, or takes away others' access to an
 * existing one and its WAL files. SQLite creates -wal and -shm with the database file's own
 * permissions, so they stay private too.
 */
export function makeDatabaseFilesPrivate(file: string) {
  closeSync(openSync(file, "a", 0o600));
  for (const own of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(own)) chmodSync(own, 0o600);
  }
}
