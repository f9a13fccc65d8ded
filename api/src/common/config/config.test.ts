import { describe, expect, it } from 'vitest';
import { assertPostgresReachable, assertRedisReachable, loadConfig } from '@meridian/api';

describe('configuration', () => {
  it('defaults to the local services and the demo login', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/meridian',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'info',
      DEMO_ADMIN_EMAIL: 'demo@advisor.test',
      DEMO_ADMIN_PASSWORD: 'demo-password-1',
      SEED_DEMO: true,
      usesDevelopmentTokenSecret: true,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ SMTP_URL: '', PORT: '' }).SMTP_URL).toBeUndefined();
  });

  it('lists every bad value in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', REDIS_URL: 'nope', SEED_DEMO: 'maybe' })).toThrowError(
      /^Invalid configuration: PORT: .+; REDIS_URL: .+; SEED_DEMO: .+$/,
    );
  });

  it('requires a real token secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(
      'AUTH_TOKEN_SECRET: AUTH_TOKEN_SECRET is required in production',
    );
    expect(loadConfig({ NODE_ENV: 'production', AUTH_TOKEN_SECRET: 'x'.repeat(32) }).usesDevelopmentTokenSecret).toBe(
      false,
    );
  });
});

describe('unreachable services', () => {
  it('name the address and how to start PostgreSQL in one line', async () => {
    const error = await assertPostgresReachable('postgresql://postgres@127.0.0.1:1/meridian').catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^Cannot reach PostgreSQL at 127\.0\.0\.1:1 \(ECONNREFUSED\)\. Start it .+ or set DATABASE_URL\.$/,
    );
    expect((error as Error).message).not.toContain('\n');
  });

  it('name the address and how to start Redis in one line', async () => {
    const error = await assertRedisReachable('redis://127.0.0.1:1').catch((e: Error) => e);
    expect((error as Error).message).toMatch(
      /^Cannot reach Redis at 127\.0\.0\.1:1 \(ECONNREFUSED\)\. Start it .+ or set REDIS_URL\.$/,
    );
  });
});
