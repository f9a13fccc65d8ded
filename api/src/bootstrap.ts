import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './common/config/config.js';
import { ApiExceptionFilter, bodyReadRefusal, sendError } from './common/errors/exception.filter.js';
import { answerClientErrors } from './common/http/client-errors.js';
import { dashboardMiddleware } from './common/http/dashboard-static.js';
import { pathGuardMiddleware } from './common/http/path-guard.middleware.js';
import { RequestInputGuard } from './common/http/request-input.guard.js';
import { requestContextMiddleware } from './common/http/request-context.middleware.js';
import { PinoNestLogger } from './common/logging/logger.js';
import { buildOpenApiDocument } from './common/openapi/openapi-document.js';
import { APP_VERSION } from './version.js';

export const API_PREFIX = 'api';
export const BODY_LIMIT = '1mb';

/** Builds the HTTP application (not listening yet): used by main.ts and by the tests. */
export async function createApiApp(config: AppConfig, logger: Logger): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  app.disable('x-powered-by');
  // Requests Node's HTTP parser refuses never reach express: answer them with the standard body too.
  answerClientErrors(app.getHttpServer(), logger);
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(requestContextMiddleware(logger));
  app.use(pathGuardMiddleware((error, request, response) => sendError(error, request, response, logger)));
  // Provider webhooks are signed over their exact bytes: keep them raw (a Buffer in req.body); the
  // JSON parser below then leaves these requests alone.
  app.use(`/${API_PREFIX}/webhooks`, express.raw({ type: () => true, limit: BODY_LIMIT }));
  app.useBodyParser('json', { limit: BODY_LIMIT });
  // Body-parser failures (malformed JSON, too large) happen before any route: answer them here.
  app.use((error: unknown, request: Request, response: Response, next: NextFunction) => {
    if (!error) return next();
    sendError(bodyReadRefusal(error), request, response, logger);
  });
  app.use(dashboardMiddleware(config.DASHBOARD_DIST));
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new ApiExceptionFilter(logger));
  // After the modules' global guards (authentication, then permission), which Nest has registered
  // while creating the application: a caller who may not use a route hears 401 or 403 before 415.
  app.useGlobalGuards(new RequestInputGuard());

  const document = buildOpenApiDocument(app, API_PREFIX, APP_VERSION);
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document as unknown as OpenAPIObject, {
    jsonDocumentUrl: `${API_PREFIX}/docs-json`,
    customSiteTitle: 'Meridian API',
  });
  await app.init();
  return app;
}
