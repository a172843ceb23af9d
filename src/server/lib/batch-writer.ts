/**
 * Rows written off the request path (decision 161): a request only pushes a row into memory; the rows are written
 * together by `write` every `intervalMs`, or as soon as `batchSize` are waiting, and once more on `close`. The buffer
 * is bounded: past `maxPending` rows a push is dropped and counted (a flood of requests costs at most that much
 * memory, never an unbounded queue), and a failed write drops its rows after logging (counts, not orders: losing a
 * second of page views is better than holding a failing database's backlog in memory).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface BatchWriterOptions<T> {
  /** Writes one batch (one multi-row INSERT); rows are never empty. */
  write: (rows: T[]) => Promise<void>;
  log: FastifyBaseLogger;
  /** What the log lines call the rows ("page views"). */
  name: string;
  /** Milliseconds between flushes (default 1000). */
  intervalMs?: number;
  /** Rows that start a flush at once, and the most one write takes (default 500). */
  batchSize?: number;
  /** Rows held at most; pushes past it are dropped (default 20,000). */
  maxPending?: number;
}

export interface BatchWriter<T> {
  /** Queues a row; false when the buffer is full and the row was dropped. */
  push(row: T): boolean;
  /** Writes every row queued so far (and waits for a write under way). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
  /** Rows dropped because the buffer was full or a write failed, since start. */
  readonly dropped: number;
  /** Rows waiting. */
  readonly pending: number;
}

/** A bounded, timed batch writer (see the file's comment). */
export function createBatchWriter<T>(opts: BatchWriterOptions<T>): BatchWriter<T> {
  const intervalMs = opts.intervalMs ?? 1000;
  const batchSize = opts.batchSize ?? 500;
  const maxPending = opts.maxPending ?? 20_000;
  const buffer: T[] = [];
  let dropped = 0;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const writeAll = async (): Promise<void> => {
    while (buffer.length) {
      const rows = buffer.splice(0, batchSize);
      try {
        await opts.write(rows);
      } catch (err) {
        dropped += rows.length;
        opts.log.error({ err, rows: rows.length }, `${opts.name}: batch not written`);
      }
    }
  };
  // One write at a time: a flush asked while one runs is chained after it.
  const flush = (): Promise<void> => {
    running = running.then(writeAll);
    return running;
  };
  const timer = setInterval(() => {
    if (buffer.length) void flush();
  }, intervalMs);
  timer.unref();

  return {
    push(row) {
      if (closed || buffer.length >= maxPending) {
        dropped++;
        return false;
      }
      buffer.push(row);
      if (buffer.length === batchSize) void flush();
      return true;
    },
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
    },
    get dropped() {
      return dropped;
    },
    get pending() {
      return buffer.length;
    },
  };
}

/**
 * A PostgreSQL array literal of `values` (`{"a","b",NULL}`), for a batch sent as one parameter per column
 * (`unnest($1::uuid[], $2::text[], …)`): three parameters for any number of rows, where a multi-row VALUES list
 * would bind (and the query builder build) one per cell.
 */
export function pgArrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
