import 'reflect-metadata';
import {
  assertPostgresReachable,
  assertRedisReachable,
  createLogger,
  loadConfig,
  logFormatFor,
  runMain,
} from '@meridian/api';
import { startWorker } from './worker-app.js';

await runMain('worker', async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, logFormatFor(config.NODE_ENV)).child({ process: 'worker' });
  await Promise.all([assertPostgresReachable(config.DATABASE_URL), assertRedisReachable(config.REDIS_URL)]);
  const worker = await startWorker(config, logger);
  return () => worker.close();
});
