/**
 * The job runner of one app instance (decision 034): installs pg-boss's tables (schema `pgboss`, on PGlite or
 * PostgreSQL), creates a queue per job definition, registers the cron schedules and, when JOB_WORKERS is on, works
 * the queues and fires the schedules. Several instances may share one database: a job is fetched by one worker only
 * (FOR UPDATE SKIP LOCKED) and a schedule enqueues one job per minute slot (a singleton key), so a scheduled job runs
 * once however many instances are up.
 *
 * Promptness (an order's email within seconds of its commit, even after a sale burst): each worker fetches up to
 * JOB_BATCH_SIZE jobs at once and runs them side by side, fetches again at once while its batch came back full, and
 * is woken by `wake(name)` as soon as a job is committed (queue.ts publishes `job:<name>` on the change-feed channel
 * inside the enqueueing transaction, so the wake-up arrives exactly when the job becomes visible, on every instance).
 * The JOB_POLL_SECONDS poll remains the safety net: for a wake-up lost with a dropped listening connection, a retry
 * whose delay has passed, or a job enqueued for later.
 *
 * Tests run jobs deterministically instead: `tick()` enqueues the schedules that are due and `drain()` works every
 * job that is due now, to completion, on the caller's turn (no sleeps).
 */
import { EventEmitter } from 'node:events';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import cronParser from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { AppConfig } from '../config.js';
import type { Providers } from '../providers/index.js';
import { bossDb } from './adapter.js';
import { jobMail, sentKeys } from '../providers/mail/job-mail.js';
import { enqueue, type EnqueueOptions, type JobContext, type JobDefinition } from './queue.js';

export interface JobsDeps {
  db: Db;
  kind: 'pglite' | 'postgres';
  providers: Providers;
  log: FastifyBaseLogger;
  config: AppConfig;
}

/** What a settled run reports on `events` ('completed' or 'failed'). */
export interface JobRun {
  name: string;
  id: string;
  output?: unknown;
  error?: unknown;
}

export interface Jobs {
  /** Installs or upgrades the queue tables, creates the queues and schedules, starts the workers (JOB_WORKERS). */
  start(): Promise<void>;
  /** Stops polling and waits for runs under way. */
  stop(): Promise<void>;
  /** Enqueues on the app's database (see queue.ts `enqueue` to enqueue inside a transaction). */
  enqueue(name: string, payload: object, opts?: EnqueueOptions): Promise<string | null>;
  /**
   * Enqueues every scheduled job whose cron time fell in the last 60 s (pg-boss's own rule), one per job and minute
   * slot across all instances. Returns the names enqueued by this call (a slot already taken is left out).
   */
  tick(): Promise<string[]>;
  /** Works every job that is due now until none is left (retries without delay included); returns runs made. */
  drain(): Promise<number>;
  /**
   * Wakes this instance's worker of queue `name` (every worker for `*`) so it fetches now instead of at its next
   * poll. Called for each committed job (change feed, `job:<name>`); harmless when nothing is due.
   */
  wake(name: string): void;
  /** A job with its state, retries and output (tests; the admin progress reads job_progress instead). */
  getJob(name: string, id: string): Promise<PgBoss.JobWithMetadata<unknown> | null>;
  /** 'completed' and 'failed' runs of this instance (JobRun). */
  events: EventEmitter;
  definitions: readonly JobDefinition<never>[];
}

/** Runs due for one cron expression: its last occurrence is less than 60 s ago (as pg-boss's timekeeper decides). */
function isDue(cron: string, now: Date): boolean {
  const prev = cronParser.parseExpression(cron, { tz: 'UTC', currentDate: now }).prev();
  return now.getTime() - prev.getTime() < 60_000;
}

/** A handler's return value as the job's output (pg-boss keeps an object). */
function asOutput(value: unknown): object | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' ? (value as object) : { value };
}

/** Creates the runner for `definitions` (not started). */
export function createJobs(deps: JobsDeps, definitions: readonly JobDefinition<never>[]): Jobs {
  const { config, log } = deps;
  const defs = definitions.filter((d) => !d.options.only || d.options.only === deps.kind);
  const workers = config.JOB_WORKERS;
  const boss = new PgBoss({
    db: bossDb(deps.db),
    // Maintenance (expiring stuck runs, archiving, deleting old rows) and the cron clock run where jobs are worked.
    supervise: workers,
    schedule: workers,
    migrate: true,
    // pg-boss's clock looks at the schedules every 5 polls (10 s by default; one instance at a time wins) and hands a
    // due one to a queue of its own, worked as often as ours (1 s at least).
    cronMonitorIntervalSeconds: Math.min(45, Math.max(1, Math.round(config.JOB_POLL_SECONDS * 5))),
    cronWorkerIntervalSeconds: Math.min(45, Math.max(1, Math.round(config.JOB_POLL_SECONDS))),
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const events = new EventEmitter();
  const running = new Set<Promise<unknown>>();
  /** pg-boss worker id per queue name (workers of this instance). */
  const workerIds = new Map<string, string>();
  const batchSize = config.JOB_BATCH_SIZE;
  let started: Promise<void> | null = null;

  /** Tracks `p` as a run under way (stop() and drain() wait for it). */
  function track<T>(p: Promise<T>): Promise<T> {
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  }

  /**
   * Runs one fetched job's handler. On an error it fails the job (pg-boss retries it while its retry limit allows),
   * reports it on `events` and answers null; otherwise it answers the handler's output for the caller to complete.
   * Never throws.
   */
  async function runHandler(
    def: JobDefinition<never>,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<{ output: unknown } | null> {
    // Each message keeps one Message-ID over the job's attempts, and what an attempt sent is not sent again by the
    // next: the keys sent travel in the failed job's output (decision 143).
    const mail = jobMail(deps.providers.mail, job.id, sentKeys(job.output));
    const ctx: JobContext = {
      db: deps.db,
      providers: { ...deps.providers, mail: mail.mail },
      log: log.child({ job: def.name, jobId: job.id }),
      config,
      jobId: job.id,
      retryCount: job.retryCount,
    };
    try {
      return { output: await def.handler(job.data as never, ctx) };
    } catch (error) {
      log.warn({ err: error, job: def.name, jobId: job.id, retry: job.retryCount }, 'job failed');
      const mailSent = mail.sent();
      await boss
        .fail(def.name, job.id, {
          message: error instanceof Error ? error.message : String(error),
          ...(mailSent.length ? { mailSent } : {}),
        })
        .catch((err: unknown) => log.error({ err, jobId: job.id }, 'job could not be marked failed'));
      events.emit('failed', { name: def.name, id: job.id, error } satisfies JobRun);
      return null;
    }
  }

  /**
   * Completes the jobs whose handlers succeeded, one statement per distinct output (a batch of emails is one UPDATE),
   * and only then reports each on `events`. A completion that fails leaves its jobs active: they expire and run
   * again (handlers are safe to repeat).
   */
  async function completeRuns(def: JobDefinition<never>, runs: { id: string; output: unknown }[]): Promise<void> {
    const groups = new Map<string, { data: object; runs: { id: string; output: unknown }[] }>();
    for (const run of runs) {
      const data = asOutput(run.output) ?? {};
      const key = JSON.stringify(data);
      const group = groups.get(key) ?? { data, runs: [] };
      group.runs.push(run);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const ids = group.runs.map((r) => r.id);
      try {
        await boss.complete(def.name, ids, group.data);
      } catch (err) {
        log.error({ err, jobIds: ids }, 'jobs could not be marked completed');
        continue;
      }
      for (const r of group.runs)
        events.emit('completed', { name: def.name, id: r.id, output: r.output } satisfies JobRun);
    }
  }

  /** Runs one fetched job to its end: handler, then completed or failed, then reported. Never throws. */
  function settle(def: JobDefinition<never>, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    return track(
      (async () => {
        const result = await runHandler(def, job);
        if (result) await completeRuns(def, [{ id: job.id, output: result.output }]);
      })(),
    );
  }

  /** Runs a fetched batch side by side, then completes its successes together. Never throws. */
  function settleBatch(def: JobDefinition<never>, jobs: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
    return track(
      (async () => {
        const results = await Promise.all(jobs.map((job) => runHandler(def, job)));
        const done = jobs.flatMap((job, i) => (results[i] ? [{ id: job.id, output: results[i]!.output }] : []));
        if (done.length) await completeRuns(def, done);
      })(),
    );
  }

  /**
   * Installs or upgrades pg-boss's schema. Two instances starting on a new database race on CREATE SCHEMA (pg-boss
   * checks, then creates): the loser retries with a fresh pg-boss instance and finds the schema there.
   */
  async function install(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const installer = new PgBoss({ db: bossDb(deps.db), supervise: false, schedule: false, migrate: true });
      try {
        await installer.start();
        await installer.stop({ graceful: false, close: false, wait: true });
        return;
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (attempt >= 5 || !['23505', '42P06', '42P07', '40P01', '55P03'].includes(code)) throw err;
      }
    }
  }

  async function start(): Promise<void> {
    await install();
    await boss.start();
    // Queues and schedules are set up in one transaction under an advisory lock: two instances starting together
    // would otherwise deadlock creating the same queue's partition (seen on PostgreSQL). pg-boss runs the setup on
    // the transaction through an instance of its own that is never started.
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vitrina.jobs.setup'))`);
      const setup = new PgBoss({ db: bossDb(tx) });
      for (const def of defs) {
        const { retryLimit = 3, retryDelay = 30, retryBackoff = false, expireInSeconds = 900 } = def.options;
        const queue = {
          name: def.name,
          retryLimit,
          retryDelay: config.JOB_RETRY_DELAY_SECONDS ?? retryDelay,
          retryBackoff,
          expireInSeconds,
        };
        await setup.createQueue(def.name, queue);
        // createQueue keeps an existing queue's settings: bring them in line with the code.
        await setup.updateQueue(def.name, queue);
        if (def.options.cron) await setup.schedule(def.name, def.options.cron, {}, { tz: 'UTC' });
        else await setup.unschedule(def.name);
      }
    });
    if (!workers) return;
    for (const def of defs) {
      const id = await boss.work(
        def.name,
        { pollingIntervalSeconds: config.JOB_POLL_SECONDS, batchSize, includeMetadata: true },
        // settleBatch() completes or fails each job itself (one failure does not fail its batch); pg-boss's own
        // complete afterwards finds them no longer active. The batch's jobs run side by side: at most JOB_BATCH_SIZE
        // at once per queue, as they would on JOB_BATCH_SIZE instances, so handlers already tolerate it.
        async (jobs) => {
          await settleBatch(def, jobs);
          // A full batch means more may be waiting: fetch again now rather than after the poll interval.
          if (jobs.length >= batchSize) boss.notifyWorker(id);
        },
      );
      workerIds.set(def.name, id);
    }
  }

  return {
    definitions: defs,
    events,
    start() {
      started ??= start();
      return started;
    },
    async stop() {
      if (!started) return;
      await started.catch(() => undefined);
      // Graceful: pg-boss stops fetching and waits for the runs under way (up to 30 s) before it returns.
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 30_000 });
      await Promise.allSettled([...running]);
    },
    async enqueue(name, payload, opts) {
      await started;
      return enqueue(deps.db, name, payload, opts);
    },
    async tick() {
      await started;
      const now = new Date();
      const sent: string[] = [];
      for (const def of defs) {
        if (!def.options.cron || !isDue(def.options.cron, now)) continue;
        const id = await boss.send(def.name, {}, { singletonKey: def.name, singletonSeconds: 60 });
        if (id) sent.push(def.name);
      }
      return sent;
    },
    async drain() {
      await started;
      let runs = 0;
      for (let round = 0; round < 1000; round++) {
        let fetched = 0;
        for (const def of defs) {
          const [job] = await boss.fetch(def.name, { includeMetadata: true, batchSize: 1 });
          if (!job) continue;
          fetched++;
          runs++;
          await settle(def, job);
        }
        if (fetched) continue;
        // A worker of this instance may still be running a job that enqueues another: wait for it, then look again.
        if (!running.size) return runs;
        await Promise.allSettled([...running]);
      }
      throw new Error('jobs: drain did not settle after 1000 rounds');
    },
    wake(name) {
      if (name === '*') for (const id of workerIds.values()) boss.notifyWorker(id);
      else {
        const id = workerIds.get(name);
        if (id) boss.notifyWorker(id);
      }
    },
    async getJob(name, id) {
      await started;
      return boss.getJobById(name, id);
    },
  };
}
