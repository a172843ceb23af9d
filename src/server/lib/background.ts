/**
 * Work a request starts but does not wait for (issue 5 item 10: the recover answer must not depend on whether the
 * email has an account). A task runs after the current I/O turn; its failure is logged, never answered. The app waits
 * for running tasks when it closes. Per process and in memory: a task lost in a crash is one the user can retry
 * (a reset email), so no queue table is needed for it.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundTasks {
  /** Starts `fn` soon; errors are logged with `name`. */
  run(name: string, fn: () => Promise<unknown>): void;
  /** Resolves once every started task has settled (tests; shutdown). */
  drain(): Promise<void>;
  /** Keeps new tasks from starting until the returned release() (tests observe what a request did before them). */
  hold(): () => void;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  let held: (() => void)[] | null = null;
  const start = (name: string, fn: () => Promise<unknown>) => () => {
    const p = (async () => {
      try {
        await fn();
      } catch (err) {
        log.error({ err, task: name }, 'background task failed');
      }
    })();
    running.add(p);
    void p.finally(() => running.delete(p));
  };
  return {
    run(name, fn) {
      const go = start(name, fn);
      if (held) held.push(go);
      else setImmediate(go);
    },
    async drain() {
      // A task may start another (or setImmediate may not have fired yet): loop until nothing is left.
      for (let i = 0; i < 100; i++) {
        await new Promise((r) => setImmediate(r));
        if (!running.size) return;
        await Promise.allSettled([...running]);
      }
    },
    hold() {
      const queue: (() => void)[] = [];
      held = queue;
      return () => {
        if (held === queue) held = null;
        for (const go of queue) go();
      };
    },
  };
}
