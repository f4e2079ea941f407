/**
 * A small ext4 filesystem of a test's own (a loop device), which the test can fail the way the
 * kernel does on an I/O error: it turns read-only at once and pages not yet synced are lost, as
 * in a power cut. Needs root (mount) and e2fsprogs.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync("mkfs.ext4", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A fresh 32 MB ext4 filesystem mounted with errors=remount-ro, and how to fail and remount it. */
export function scratchFilesystem() {
  const root = mkdtempSync(path.join(tmpdir(), "ma-durability-"));
  const image = path.join(root, "disk.img");
  const mountPoint = path.join(root, "mnt");
  mkdirSync(mountPoint);
  writeFileSync(image, Buffer.alloc(0));
  execFileSync("truncate", ["-s", "32M", image]);
  execFileSync("mkfs.ext4", ["-q", image]);
  const mount = () => execFileSync("mount", ["-o", "loop,errors=remount-ro", image, mountPoint]);
  mount();
  const device = () => path.basename(execFileSync("findmnt", ["-n", "-o", "SOURCE", mountPoint]).toString().trim());
  return {
    dataDir: path.join(mountPoint, "data"),
    file: path.join(mountPoint, "data", "app.db"),
    /** What the kernel does when the disk fails under it: the filesystem goes read-only at once, dirty pages unwritten. */
    fail: () => writeFileSync(`/sys/fs/ext4/${device()}/trigger_fs_error`, "1"),
    remount() {
      execFileSync("umount", [mountPoint]);
      mount();
    },
    unmount: () => execFileSync("umount", [mountPoint]),
  };
}
