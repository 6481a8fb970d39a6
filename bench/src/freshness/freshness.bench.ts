import { adminEmail, jwtSecret, startTestService } from '@building/command-service/testing/test-service';
import { loadConfig } from '@building/infra/config';
import { startProjector } from '@building/projector/start-projector';
import { startQueryService } from '@building/query-service/start-query-service';
import type { Benchmark } from '../benchmark.ts';
import { backgroundPerSecond, measureFreshness, pollerReadBudget, probes } from './measure-freshness.ts';

/**
 * Freshness, embedded mode: from the start of a command's request to its effect shown to another
 * client (a plain GET, and the live-update message). The command-service (POST /addCoupon over
 * HTTP), the projector (tailing the store) and the query-service run on one database. Target: the
 * issue's p99 <= 30 ms.
 */
export const freshness: Benchmark = {
  name: 'freshness',
  summary: `command -> visible in a query, ${probes} probes under ${backgroundPerSecond} commands/s (embedded)`,
  async run(context) {
    const service = await startTestService();
    const config = loadConfig({
      DATABASE_URL: service.db.url,
      JWT_SECRET: jwtSecret,
      QUERY_PORT: '0',
      ...pollerReadBudget,
    });
    const projector = await startProjector(config, { log: () => {} });
    const query = await startQueryService(config, { log: () => {} });
    try {
      const token = await service.register(adminEmail, 'Bench Admin');
      return await measureFreshness({
        label: 'embedded',
        target: 30,
        databaseUrl: service.db.url,
        queryUrl: query.url,
        progress: context.progress,
        command: async (code) => {
          const reply = await service.call('POST', '/addCoupon', {
            token,
            body: { code, discount: 10, description: 'freshness probe' },
          });
          if (reply.status !== 200)
            throw new Error(`addCoupon: ${reply.status} ${JSON.stringify(reply.body)}`);
          return Number(reply.body.position);
        },
      });
    } finally {
      await query.stop();
      await projector.stop();
      await service.close();
    }
  },
};
