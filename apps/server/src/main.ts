import { buildApp } from './app';
import { ConfigError, loadConfig, siteUrlOf, type Config } from './config';
import { openRuntime } from './runtime';
import { seed } from './seed';

/** Entry point: `node dist/main.js` (serve) or `node dist/main.js --seed-only`. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const say = (message: string) => console.log(`[croupier] ${message}`);

  if (process.argv.includes('--seed-only')) {
    const runtime = await openRuntime({ ...config, seedOnStart: false }, say);
    await seed(runtime.db, { demoPlayer: !config.isProduction });
    say('seed complete');
    await runtime.close();
    return;
  }

  const runtime = await openRuntime(config, say);
  say(`database: ${runtime.driver === 'pglite' ? `embedded PGlite in ${config.database.dataDir}` : 'PostgreSQL'}`);
  const app = await buildApp({ config, db: runtime.db, redis: runtime.redis });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.beginShutdown();
    app.server.log.info({ signal }, 'shutting down');
    // If connections do not drain in time, exit anyway: the orchestrator is waiting.
    const timer = setTimeout(() => {
      app.server.log.error('shutdown timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.server.close();
      await runtime.close();
      process.exit(0);
    } catch (error) {
      app.server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.server.listen({ host: config.host, port: config.port });
  const address = app.server.server.address();
  if (config.port === 0 && typeof address === 'object' && address) {
    // Port 0 picks a free port at listen: the site's address is known only now (links read it late).
    config.siteUrl = siteUrlOf(config.publicUrl, config.host, address.port);
  }
  say(`Croupier is running at ${config.siteUrl}/ (API docs at /api/docs)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
