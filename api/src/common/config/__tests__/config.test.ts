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

  it('offers address completion only with a Loqate key, and refuses a base URL it cannot read', () => {
    expect(loadConfig({}).LOQATE_API_KEY).toBeUndefined();
    expect(loadConfig({ LOQATE_API_KEY: 'AA11-BB22-CC33-DD44' }).LOQATE_API_KEY).toBe('AA11-BB22-CC33-DD44');
    expect(() => loadConfig({ LOQATE_BASE_URL: 'nope' })).toThrowError(/LOQATE_BASE_URL/);
  });

  it('lists every bad value in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', REDIS_URL: 'nope', SEED_DEMO: 'maybe' })).toThrowError(
      /^Invalid configuration: PORT: .+; REDIS_URL: .+; SEED_DEMO: .+$/,
    );
  });

  it('believes X-Forwarded-For from the proxies it is told, and refuses a setting it cannot read', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8' }).TRUST_PROXY).toBe(
      'loopback, 10.0.0.0/8, fd00::/8',
    );
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0/8', 'true'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrowError(
        'TRUST_PROXY: TRUST_PROXY is a number of proxy hops, or a comma-separated list of addresses, subnets (10.0.0.0/8), loopback, linklocal or uniquelocal',
      );
  });

  it('requires a real token secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(
      'AUTH_TOKEN_SECRET: AUTH_TOKEN_SECRET is required in production',
    );
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_TOKEN_SECRET: 'x'.repeat(32), CREDENTIALS_KEYS: `k1:${key}` })
        .usesDevelopmentTokenSecret,
    ).toBe(false);
  });

  it('requires credential keys in production and reads several for rotation', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_TOKEN_SECRET: 'x'.repeat(32) })).toThrowError(
      'CREDENTIALS_KEYS: CREDENTIALS_KEYS is required in production',
    );
    const a = Buffer.alloc(32, 1).toString('base64');
    const b = Buffer.alloc(32, 2).toString('base64');
    const config = loadConfig({ CREDENTIALS_KEYS: `old:${a},new:${b}`, CREDENTIALS_ACTIVE_KEY_ID: 'new' });
    expect(config.CREDENTIALS_KEYS.map((key) => key.id)).toEqual(['old', 'new']);
    expect(config.CREDENTIALS_ACTIVE_KEY_ID).toBe('new');
    expect(() => loadConfig({ CREDENTIALS_KEYS: 'k1:c2hvcnQ=' })).toThrowError(/CREDENTIALS_KEYS: each entry must be/);
    expect(() => loadConfig({ CREDENTIALS_KEYS: `k1:${a}`, CREDENTIALS_ACTIVE_KEY_ID: 'k2' })).toThrowError(
      'CREDENTIALS_ACTIVE_KEY_ID: no key "k2" in CREDENTIALS_KEYS',
    );
  });

  it('uses the local fake Plaid outside production unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ PLAID_ENV: 'fake', PLAID_BASE_URL: 'http://127.0.0.1:4010' });
    expect(
      loadConfig({ PLAID_ENV: 'sandbox', PLAID_CLIENT_ID: 'id', PLAID_SECRET: 's' }).PLAID_BASE_URL,
    ).toBeUndefined();
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
