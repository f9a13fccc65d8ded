import 'reflect-metadata';
import { ConfigError, loadConfig } from './common/config/config.js';
import { assertPostgresReachable, assertRedisReachable } from './common/config/connectivity.js';
import { createLogger, logFormatFor } from './common/logging/logger.js';
import { createApiApp } from './bootstrap.js';
import { portInUseMessage, runMain } from './run-main.js';

await runMain('api', async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, logFormatFor(config.NODE_ENV));
  if (config.usesDevelopmentTokenSecret) {
    logger.warn('AUTH_TOKEN_SECRET is not set: using the development secret (never do this in production)');
  }
  await Promise.all([assertPostgresReachable(config.DATABASE_URL), assertRedisReachable(config.REDIS_URL)]);
  const app = await createApiApp(config, logger);
  try {
    await app.listen(config.PORT, config.HOST);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await app.close();
    throw new ConfigError(portInUseMessage(config.PORT));
  }
  logger.info({ port: config.PORT }, `API listening on http://localhost:${config.PORT}/api (docs at /api/docs)`);
  return () => app.close();
});
