import { RequestMethod, type INestApplication } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { z } from 'zod';
import { errorResponseSchema } from '@meridian/domain';
import { routeSpecOf, type RouteSpec } from '../http/api-route.js';

type JsonSchema = Record<string, unknown>;

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (VALIDATION_ERROR with the failing fields)',
  401: 'Missing or invalid bearer token',
  403: 'Not allowed',
  404: 'Not found in the caller’s organization',
  409: 'Conflicts with the current state',
  413: 'Body larger than 1 MB',
  415: 'Body is not JSON (send Content-Type: application/json)',
  429: 'Too many attempts; see Retry-After',
  500: 'Internal error',
  503: 'A service the platform needs is down',
};

/** Zod's own JSON Schema output, in the OpenAPI 3.0 dialect. Requests document what a client sends (input). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function joinPath(...parts: (string | string[] | undefined)[]): string {
  const joined = parts
    .map((part) => (Array.isArray(part) ? part[0] : part) ?? '')
    .join('/')
    .replace(/\/+/g, '/')
    .replace(/\/$/, '');
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * What a route does with body fields its schema does not name. zod objects strip them (the
 * platform's rule, docs/DECISIONS.md); a strict object (`additionalProperties: false` in its input
 * schema) refuses them with 400.
 */
export function unknownFieldsRule(schema: JsonSchema): string {
  const forms = ((schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined) ?? [schema];
  const strict = forms.filter((form) => form.additionalProperties === false).length;
  if (strict === 0) return 'Fields not described here are ignored.';
  if (strict === forms.length) return 'Fields not described here are refused (400).';
  return 'Fields not described here are refused (400) by the forms that list additionalProperties: false, ignored by the others.';
}

function requestBody(schema: z.ZodType): JsonSchema {
  const body = jsonSchema(schema, 'input');
  return { required: true, description: unknownFieldsRule(body), content: { 'application/json': { schema: body } } };
}

function operation(spec: RouteSpec): JsonSchema {
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const statuses = [
    ...new Set([400, 500, ...(spec.public ? [] : [401, 403]), ...(spec.body ? [415] : []), ...(spec.errors ?? [])]),
  ].sort();
  const success = spec.status ?? 200;
  return {
    summary: spec.summary,
    tags: spec.tags,
    security: spec.public ? [] : [{ bearerAuth: [] }],
    // The permission the caller's role must hold (docs/PERMISSIONS.md).
    ...(spec.permission ? { 'x-permission': spec.permission } : {}),
    // The rule on top of it, when the permission covers only a narrow case (PERMISSION_CONDITIONS).
    ...(spec.condition ? { 'x-permission-condition': spec.condition } : {}),
    parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query, 'query')],
    ...(spec.body ? { requestBody: requestBody(spec.body) } : {}),
    // A route that reads bytes of its own (a file, a webhook) is the one that takes a body other than JSON.
    ...(spec.rawBody
      ? {
          requestBody: {
            required: true,
            description: spec.rawBody,
            content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
          },
        }
      : {}),
    responses: {
      [success]: spec.response
        ? { description: 'Success', content: { 'application/json': { schema: jsonSchema(spec.response, 'output') } } }
        : { description: 'Success' },
      ...Object.fromEntries(
        statuses.map((status) => [
          status,
          { description: ERROR_DESCRIPTIONS[status] ?? 'Error', content: errorContent },
        ]),
      ),
    },
  };
}

/**
 * Builds the OpenAPI document from the routes Nest has mapped and the zod schemas each declares
 * with @ApiRoute. A mapped route without @ApiRoute is a programming error and stops the boot.
 */
export function buildOpenApiDocument(app: INestApplication, globalPrefix: string, version: string) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const scanner = new MetadataScanner();
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    const instance = wrapper.instance as object | undefined;
    if (!instance || !wrapper.metatype) continue;
    const controllerPath = Reflect.getMetadata(PATH_METADATA, wrapper.metatype) as string | string[] | undefined;
    const prototype = Object.getPrototypeOf(instance) as Record<string, object>;
    for (const methodName of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[methodName]!;
      const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      if (methodPath === undefined || !method) continue;
      const path = joinPath('/', globalPrefix, controllerPath, methodPath);
      const spec = routeSpecOf(handler);
      if (!spec) throw new Error(`Route ${path} (${wrapper.name}.${methodName}) has no @ApiRoute declaration`);
      (paths[path] ??= {})[method] = operation(spec);
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Meridian API',
      version,
      description: 'CRM, financial records and integration hub for wealth-advisory firms.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(errorResponseSchema, 'output') },
    },
  };
}
