import 'reflect-metadata';
import { loadConfig } from './common/config/config.js';
import { assertPostgresReachable, assertRedisReachable } from './common/config/connectivity.js';
import { createLogger } from './common/logging/logger.js';
import { createApiApp } from './bootstrap.js';
import { runMain } from './run-main.js';

await runMain('api', async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  if (config.usesDevelopmentTokenSecret) {
    logger.warn('AUTH_TOKEN_SECRET is not set: using the development secret (never do this in production)');
  }
  await Promise.all([assertPostgresReachable(config.DATABASE_URL), assertRedisReachable(config.REDIS_URL)]);
  const app = await createApiApp(config, logger);
  await app.listen(config.PORT, config.HOST);
  logger.info({ port: config.PORT }, `API listening on http://localhost:${config.PORT}/api (docs at /api/docs)`);
  return () => app.close();
});
