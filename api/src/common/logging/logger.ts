import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { LoggerService } from '@nestjs/common';

/** `json`: one JSON object a line (production, log collectors); `pretty`: a line a person reads. */
export type LogFormat = 'json' | 'pretty';

/** JSON in production, readable lines on a developer's terminal. */
export function logFormatFor(nodeEnv: string): LogFormat {
  return nodeEnv === 'production' ? 'json' : 'pretty';
}

/** Logs a JSON object a line to stdout (`pretty`: a readable line), or to `destination` when one is given. */
export function createLogger(level: string, format: LogFormat = 'json', destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
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
        'NYLAS_API_KEY',
        'NYLAS_WEBHOOK_SECRET',
        'TWILIO_AUTH_TOKEN',
        '*.TWILIO_AUTH_TOKEN',
        'LOQATE_API_KEY',
        '*.LOQATE_API_KEY',
        'authToken',
        '*.authToken',
      ],
      censor: '[redacted]',
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (destination) return pino(options, destination);
  return format === 'pretty' ? pino(options, prettyDestination(process.stdout)) : pino(options);
}

const LEVEL_NAMES: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, or that the line's text already says. */
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'msg', 'service', 'pid', 'hostname', 'process', 'context']);

/**
 * One pino JSON line as a person reads it: `14:03:07 INFO  api  GET /api/contacts 200 12.5 ms`, or
 * the message followed by its fields as key=value. A line that is not JSON is passed through.
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  const level = LEVEL_NAMES[Number(entry.level)] ?? 'INFO ';
  const source = typeof entry.process === 'string' ? entry.process : 'api';
  let text: string;
  if (entry.msg === 'request' && typeof entry.method === 'string') {
    text = `${entry.method} ${String(entry.url)} ${String(entry.status)} ${String(entry.durationMs)} ms`;
  } else {
    const fields = Object.entries(entry)
      .filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && value !== undefined && key !== 'trace' && key !== 'err')
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    text = [String(entry.msg ?? ''), ...fields].filter((part) => part !== '').join(' ');
  }
  const context = typeof entry.context === 'string' ? `[${entry.context}] ` : '';
  // A stack helps with an error; a warning (a job that failed as expected) needs only its reason.
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  const stack = err?.stack ?? entry.trace;
  let detail = '';
  if (Number(entry.level) >= 50 && typeof stack === 'string' && stack !== '') detail = `\n${stack}`;
  else if (typeof err?.message === 'string') detail = ` (${err.message})`;
  return `${time} ${level} ${source.padEnd(6)} ${context}${text}${detail}\n`;
}

function prettyDestination(out: NodeJS.WritableStream): DestinationStream {
  return { write: (line: string) => void out.write(formatLogLine(line)) };
}

/**
 * Nest's start-up chatter: a line per module, controller and route. It says nothing a person acts
 * on, so it goes to debug (LOG_LEVEL=debug shows it).
 */
const NEST_START_UP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/** Nest's own log lines (bootstrap, route mapping, errors) as JSON through pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    if (context !== undefined && NEST_START_UP_CONTEXTS.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
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
