/**
 * What a server module gives the app (decision 126): its name (its place in `order.json`, the one module order that
 * the app and the import linter read), its route plugins, its background jobs and what it does when the change feed
 * reports a change. Each module's `module.ts` exports one; `modules/index.ts` lists them in that order and `app.ts`
 * registers them. It is not in the module's `index.ts` because the routes reach the request-context plugin, which
 * itself calls `stores` and `accounts` through their `index.ts`: the two would import each other.
 */
import type { FastifyInstance, FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ChangeEvent } from '../db/change-feed.js';
import type { JobDefinition } from '../jobs/index.js';

/** Options every module's route plugins are registered with (only the web module reads them). */
export interface ModuleOptions {
  /** Serve the built web app and uploads (off in API tests). */
  serveWeb: boolean;
  /** A page template used instead of dist/web/index.html. */
  indexHtml?: string;
}

export type RoutePlugin = FastifyPluginAsyncZod | FastifyPluginAsync<ModuleOptions, RawServerDefault, ZodTypeProvider>;

export interface ModuleDefinition {
  /** The module's folder name, as in `order.json`. */
  readonly name: string;
  /** Route plugins, registered in this order. */
  readonly routes?: readonly RoutePlugin[];
  /** Background jobs the module defines (decision 034). */
  readonly jobs?: readonly JobDefinition<never>[];
  /** Told of every change the feed reports, on this instance (a store changed on any instance, or `all`). */
  readonly onChange?: (event: ChangeEvent, app: FastifyInstance) => void;
}

/** Declares a module (typed, nothing else). */
export function defineModule(definition: ModuleDefinition): ModuleDefinition {
  return definition;
}
