import { buildSimulatorApp, loadBundle } from "./compose";
import { ConfigError, loadConfig } from "./config";
import { catalogueWarmupRequest, createEngineSupervisor } from "./engine";
import { watchRedisCache } from "./metrics";
import { startMetricsServer } from "./metrics-server";
import { startRetentionJob } from "./retention";
import { createSharedState, redisCacheUsage } from "./shared";
import { migrateToLatest, openDatabase } from "./storage";

async function main(): Promise<void> {
  const config = loadConfig();
  const bundle = loadBundle();
  const database = openDatabase({
    databasePath: config.databasePath,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
  });
  await migrateToLatest(database.db);

  const engine = createEngineSupervisor({
    port: config.enginePort,
    workerTimeoutS: config.engineWorkerTimeoutS,
    clientTimeoutMs: config.engineClientTimeoutMs,
    ...(config.engineWorkers ? { workers: config.engineWorkers } : {}),
    ...(config.engineUrl ? { externalUrl: config.engineUrl } : {}),
    // Every worker computes every catalogue benefit once before the first visitor.
    warmupRequest: catalogueWarmupRequest(bundle.benefits),
  });
  // The site answers at once; results answer 503 until the engine is ready.
  void engine.start();

  // Several instances share their limits and engine results through Redis (docs/deploy.md).
  const shared = config.redisUrl
    ? createSharedState({
        url: config.redisUrl,
        prefix: config.redisKeyPrefix,
        cacheTtlS: config.engineCacheTtlS,
        cacheSize: config.redisCacheSize,
        logger: {
          info: (message) => console.log(message),
          warn: (message) => console.warn(message),
        },
      })
    : undefined;
  if (shared) watchRedisCache(redisCacheUsage(shared.connection));

  const app = buildSimulatorApp({
    bundle,
    db: database.db,
    engine,
    compute: {
      workers: engine.workers,
      cacheSize: config.engineCacheSize,
      maxBatchSize: config.engineMaxBatchSize,
      batchWindowMs: config.engineBatchWindowMs,
      queueTimeoutMs: config.engineQueueTimeoutMs,
      ...(config.engineMaxQueue !== undefined ? { maxQueue: config.engineMaxQueue } : {}),
      ...(config.engineAheadQueue !== undefined ? { aheadQueue: config.engineAheadQueue } : {}),
      ...(shared ? { shared: shared.results } : {}),
    },
    ...(shared ? { shared: shared.app } : {}),
    ipLimits: {
      writesPerMinute: config.writesPerMinutePerIp,
      computationsPerMinute: config.computationsPerMinutePerIp,
      renderedPagesPerMinute: config.renderedPagesPerMinutePerIp,
    },
    requestTimeoutMs: config.requestTimeoutMs,
    staticDir: config.staticDir,
    recap: {
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      publicUrl: config.publicUrl,
      smsUrl: config.smsUrl,
      smsUser: config.smsUser,
      smsPassword: config.smsPassword,
    },
    ...(config.contactEmail ? { contactEmail: config.contactEmail } : {}),
    ...(config.lieuxApiUrl ? { lieuxUrl: config.lieuxApiUrl } : {}),
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
    stats: { refreshMs: config.statsRefreshMs },
    warmUp: true,
  });

  // docs/product.md §3 "anonymized": simulations past their retention period are anonymised in the background.
  const retention =
    config.retentionIntervalMs > 0
      ? startRetentionJob(database.db, { intervalMs: config.retentionIntervalMs, logger: app.log })
      : undefined;

  // Prometheus metrics on their own port only (docs/deploy.md "Metrics"); off by default.
  const metrics = config.metrics ? await startMetricsServer(config.metrics) : undefined;
  if (metrics) console.log(`Métriques : ${metrics.url}/metrics`);

  const shutdown = async () => {
    await metrics?.close();
    await retention?.stop();
    await app.close();
    await engine.stop();
    await shared?.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === "0.0.0.0" ? "localhost" : config.host;
  console.log(`\n  Simulateur prêt : http://${shown}:${config.port}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
