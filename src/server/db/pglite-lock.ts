/**
 * PGlite serves one process: two Vitrina instances on one data folder would each open the database files and corrupt
 * them. The first instance writes its process id to `<dataDir>.lock` (created exclusively); another process finding a
 * living holder refuses to start with a message that says what to do instead (DATABASE_URL). A lock left by a process
 * that died is taken over.
 */
import fs from 'node:fs';

/** Thrown when another living process holds the data folder. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Vitrina process (pid ${pid}) is using the embedded database in ${dataDir}. The embedded database ` +
        'serves one process only: stop that process, or give this one another DATA_DIR, or run several instances ' +
        'on one PostgreSQL server by setting DATABASE_URL.',
    );
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of `dataDir` for this process; returns its release. Throws DataDirInUseError when a living process
 * other than this one holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (holder === process.pid) return () => undefined;
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new DataDirInUseError(dataDir, holder);
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(dataDir, Number.NaN);
}
