import { pino, type Logger } from 'pino';
import type { LoggerService } from '@nestjs/common';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'meridian' },
    // Secrets never reach the log even if a caller passes a whole request or config object.
    redact: {
      paths: [
        'password',
        '*.password',
        'passwordHash',
        '*.passwordHash',
        'accessToken',
        '*.accessToken',
        'headers.authorization',
        'req.headers.authorization',
        'AUTH_TOKEN_SECRET',
        'SMTP_URL',
      ],
      censor: '[redacted]',
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

/** Nest's own log lines (bootstrap, route mapping, errors) as JSON through pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');
