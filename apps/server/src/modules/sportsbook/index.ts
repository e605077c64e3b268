import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { catalogueRoutes, createCatalogue, createCatalogueRepository } from './catalogue';

/**
 * The sportsbook (docs/sportsbook.md): for now the public catalogue read API over the
 * tables the feed ingestor writes (sportsbook/ingest).
 */
export async function registerSportsbook(server: FastifyInstance, deps: { db: Db }) {
  const catalogue = createCatalogue({ repository: createCatalogueRepository(deps.db) });
  await server.register(catalogueRoutes, { catalogue });
  return { catalogue };
}
