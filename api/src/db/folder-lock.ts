import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

/** Another process (or this one) already has the embedded database open. */
export class FolderInUseError extends Error {}

const heldHere = new Set<string>();

/** The pid in a lock file; 0 when the file is gone or holds no pid. */
function lockHolder(lockFile: string): number {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
    return pid > 0 ? pid : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
}

const alive = (pid: number) => {
  if (pid === 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Claims the embedded database's folder for this process with a lock file
 * holding its pid. Two PGlite instances on one folder each keep their own
 * copy of the database in memory and overwrite each other's writes, losing
 * acknowledged sign-ups, so a second one is refused. A lock left by a process
 * that no longer runs (killed, or a container's previous life with the same
 * pid) is taken over.
 */
export function lockFolder(folder: string): { release: () => void } {
  const lockFile = `${folder}.lock`;
  if (heldHere.has(lockFile)) throw inUse(folder, lockFile, process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = lockHolder(lockFile);
      // A second clash means another process claimed the folder in the moment since the first.
      if ((pid !== process.pid && alive(pid)) || attempt > 0) throw inUse(folder, lockFile, pid);
      rmSync(lockFile, { force: true });
    }
  }
  heldHere.add(lockFile);
  return {
    release: () => {
      heldHere.delete(lockFile);
      rmSync(lockFile, { force: true });
    },
  };
}

const inUse = (folder: string, lockFile: string, pid: number) =>
  new FolderInUseError(
    `the embedded database in ${folder} is already open in process ${pid} (most likely another YSP server). ` +
      "Stop that process first, or give this one its own DATA_DIR; several servers share data through PostgreSQL (DATABASE_URL). " +
      `If no such process runs, delete ${lockFile}.`,
  );
