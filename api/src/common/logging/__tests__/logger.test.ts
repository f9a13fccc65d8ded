// A developer's terminal shows readable lines (a request is "GET /api/x 200 3.2 ms"); production
// keeps one JSON object a line; Nest's route-by-route start-up lines are not shown at info.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { formatLogLine, logFormatFor, PinoNestLogger } from '../logger.js';

describe('the readable log format', () => {
  it('writes a request as method, path, status and duration', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 30,
        time: '2026-03-01T14:03:07.123Z',
        service: 'meridian',
        requestId: 'abc',
        method: 'GET',
        url: '/api/contacts',
        status: 200,
        durationMs: 12.5,
        msg: 'request',
      }),
    );
    expect(line).toBe('14:03:07 INFO  api    GET /api/contacts 200 12.5 ms\n');
  });

  it('writes other lines as the message and their fields, with the level and the process', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 40,
        time: '2026-03-01T09:00:00.000Z',
        process: 'worker',
        msg: 'job retried',
        jobId: 'j-1',
      }),
    );
    expect(line).toBe('09:00:00 WARN  worker job retried jobId=j-1\n');
  });

  it('is chosen outside production only', () => {
    expect(logFormatFor('development')).toBe('pretty');
    expect(logFormatFor('test')).toBe('pretty');
    expect(logFormatFor('production')).toBe('json');
  });
});

describe("Nest's log lines", () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return { lines, nest: new PinoNestLogger(pino({ level: 'info' }, out)) };
  }

  it('hides the route-by-route and module start-up lines at info, and keeps the rest', async () => {
    const { lines, nest } = capture();
    nest.log('Mapped {/api/contacts, GET} route', 'RouterExplorer');
    nest.log('ContactsController {/api/contacts}:', 'RoutesResolver');
    nest.log('CoreModule dependencies initialized', 'InstanceLoader');
    nest.log('Something worth knowing', 'SyncScheduler');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => line.msg)).toEqual(['Something worth knowing']);
  });
});

describe('errors in the readable format', () => {
  const err = { message: 'Plaid answered 500', stack: 'Error: Plaid answered 500\n    at somewhere' };
  it('gives a warning its reason only, and an error its stack', () => {
    const time = '2026-03-01T09:00:00.000Z';
    expect(formatLogLine(JSON.stringify({ level: 40, time, msg: 'job failed', err }))).toBe(
      '09:00:00 WARN  api    job failed (Plaid answered 500)\n',
    );
    expect(formatLogLine(JSON.stringify({ level: 50, time, msg: 'crashed', err }))).toBe(
      '09:00:00 ERROR api    crashed\nError: Plaid answered 500\n    at somewhere\n',
    );
  });
});
