/**
 * Registers one operation of the route table (`src/shared/routes`, decision 126) on a Fastify instance: its method,
 * path and schema come from the table, so the handler's request (params, querystring, body) and answer are typed by
 * the operation's zod schemas. Route options that are not schema (rate limits, body limits, hooks, config) are given
 * here, at registration.
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Op } from '../../shared/routes/op.js';

/** The Fastify schema of an operation: the zod schemas the type provider reads. */
export type SchemaOf<O extends Op> = Pick<O, Extract<keyof O, 'params' | 'querystring' | 'body' | 'response'>>;

/** Route options that are not the schema: `config`, `bodyLimit`, `preHandler`, `onRequest`... */
export type RouteExtras<O extends Op> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<O>,
    ZodTypeProvider
  >,
  'schema'
>;

export type OpHandler<O extends Op> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<O>,
  ZodTypeProvider
>;

/** A plugin's `app` with the zod type provider (`FastifyPluginAsyncZod`, or `app.withTypeProvider<ZodTypeProvider>()`). */
type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Registers `op` with `handler` (and optional non-schema route options). */
export function route<O extends Op>(app: ZodApp, op: O, handler: OpHandler<O>): void;
export function route<O extends Op>(app: ZodApp, op: O, extras: RouteExtras<O>, handler: OpHandler<O>): void;
export function route<O extends Op>(
  app: ZodApp,
  op: O,
  extrasOrHandler: RouteExtras<O> | OpHandler<O>,
  maybeHandler?: OpHandler<O>,
): void {
  const extras = typeof extrasOrHandler === 'function' ? {} : extrasOrHandler;
  const handler = typeof extrasOrHandler === 'function' ? extrasOrHandler : maybeHandler!;
  const { name, method, path, tags, summary, description, consumes, hide, params, querystring, body, response } = op;
  const schema = Object.fromEntries(
    Object.entries({
      operationId: name,
      tags,
      summary,
      description,
      consumes,
      hide,
      params,
      querystring,
      body,
      response,
    }).filter(([, v]) => v !== undefined),
  );
  app.route<RouteGenericInterface, ContextConfigDefault, SchemaOf<O>>({
    ...extras,
    method,
    url: path,
    schema: schema as SchemaOf<O>,
    handler,
  });
}
