import { applyDecorators, createParamDecorator, HttpCode, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { DomainError, ErrorCode, validationError, type Permission } from '@meridian/domain';

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
  body?: z.ZodType;
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

export function routeSpecOf(handler: object): RouteSpec | undefined {
  return Reflect.getMetadata(ROUTE_SPEC, handler) as RouteSpec | undefined;
}

function parsePart(part: 'body' | 'query' | 'params', ctx: ExecutionContext): unknown {
  const spec = routeSpecOf(ctx.getHandler());
  const schema = spec?.[part];
  if (!schema) throw new Error(`Route ${ctx.getHandler().name} reads its ${part} but declares no ${part} schema`);
  const request = ctx.switchToHttp().getRequest<Request>();
  if (part === 'body') assertJsonBody(request);
  const result = schema.safeParse(request[part] ?? {});
  if (!result.success) {
    throw validationError(result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  }
  return result.data;
}

/**
 * A route that reads a JSON body refuses a body of another type (415) rather than reading it as
 * missing: a form or text body would otherwise pass as `{}`, and a route whose fields are all
 * optional would act on nothing. A request without a body is validated as `{}` (400 for the
 * required fields), even when the client says `Content-Length: 0` without a type. `req.is` answers
 * null when there is no body, false when its type differs.
 */
function assertJsonBody(request: Request): void {
  const empty = request.headers['content-length'] === '0';
  if (!empty && request.is('application/json') === false) {
    throw new DomainError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'The request body must be JSON, sent with Content-Type: application/json',
    );
  }
}

/** The request body, parsed by the route's `body` schema; a failure answers 400 VALIDATION_ERROR. */
export const ValidBody = createParamDecorator((_: unknown, ctx: ExecutionContext) => parsePart('body', ctx));
/** The query string, parsed by the route's `query` schema. */
export const ValidQuery = createParamDecorator((_: unknown, ctx: ExecutionContext) => parsePart('query', ctx));
/** The path parameters, parsed by the route's `params` schema. */
export const ValidParams = createParamDecorator((_: unknown, ctx: ExecutionContext) => parsePart('params', ctx));
