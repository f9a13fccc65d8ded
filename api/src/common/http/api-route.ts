import { applyDecorators, createParamDecorator, HttpCode, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { validationError, type Permission, type PermissionCondition } from '@meridian/domain';

/**
 * One declaration per route: its schemas validate the request (ValidBody / ValidQuery /
 * ValidParams) and produce the OpenAPI document, so the two cannot disagree.
 */
export interface RouteSpec {
  summary: string;
  tags: string[];
  /** Reachable without a bearer token (see DESIGN.md for the list of public routes). */
  public?: boolean;
  /**
   * What the caller's role must hold (docs/PERMISSIONS.md); the permission guard reads it. Every
   * route that is not public declares one.
   */
  permission?: Permission;
  /**
   * A rule on top of `permission` (docs/PERMISSIONS.md): the permission covers a narrow case
   * (one's own profile, one record's history, a file outside the vault), and going beyond it needs
   * the condition's `beyond` permission, which the route's service checks.
   */
  condition?: PermissionCondition;
  body?: z.ZodType;
  /**
   * The route reads the request's bytes itself (a file, a signed webhook) rather than a JSON body:
   * what it takes, in a few words, for the document. Only such a route is given a body of another
   * type than JSON; every other one refuses it with 415 (`RequestInputGuard`).
   */
  rawBody?: string;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /** Success status; 200 unless given. */
  status?: number;
  /** Error statuses this route answers with besides 400/401/500, for the document. */
  errors?: number[];
}

export const ROUTE_SPEC = 'meridian:route-spec';

export function ApiRoute(spec: RouteSpec): MethodDecorator {
  return applyDecorators(SetMetadata(ROUTE_SPEC, spec), HttpCode(spec.status ?? 200));
}

/** Each handler's spec, once read: the guards and the input decorators ask for it on every request. */
const specOfHandler = new WeakMap<object, RouteSpec | null>();

export function routeSpecOf(handler: object): RouteSpec | undefined {
  let spec = specOfHandler.get(handler);
  if (spec === undefined) {
    // Decorators have run when the class was defined, before any request: the metadata is final.
    spec = (Reflect.getMetadata(ROUTE_SPEC, handler) as RouteSpec | undefined) ?? null;
    specOfHandler.set(handler, spec);
  }
  return spec ?? undefined;
}

function parsePart(part: 'body' | 'query' | 'params', ctx: ExecutionContext): unknown {
  const spec = routeSpecOf(ctx.getHandler());
  const schema = spec?.[part];
  if (!schema) throw new Error(`Route ${ctx.getHandler().name} reads its ${part} but declares no ${part} schema`);
  // A body of another type than JSON never gets here: RequestInputGuard answers 415 first.
  const result = schema.safeParse(ctx.switchToHttp().getRequest<Request>()[part] ?? {});
  if (!result.success) {
    throw validationError(result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  }
  return result.data;
}

/** The request body, parsed by the route's `body` schema; a failure answers 400 VALIDATION_ERROR. */
export const ValidBody = createParamDecorator((_: unknown, ctx: ExecutionContext) => parsePart('body', ctx));
/** The query string, parsed by the route's `query` schema. */
export const ValidQuery = createParamDecorator((_: unknown, ctx: ExecutionContext) => parsePart('query', ctx));
/** The path parameters, parsed by the route's `params` schema. */
export const ValidParams = createParamDecorator((_: unknown, ctx: ExecutionContext) => parsePart('params', ctx));

/**
 * The exact bytes of a route declared with `rawBody` (bootstrap.ts keeps them unparsed for it), as
 * a webhook's signature covers them; empty when none came.
 */
export const RawBody = createParamDecorator((_: unknown, ctx: ExecutionContext): Buffer => {
  const body: unknown = ctx.switchToHttp().getRequest<Request>().body;
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
});
