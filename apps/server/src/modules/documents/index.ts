import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { AuthGuards } from '../auth';
import type { RealtimeEvents } from '../realtime';
import { createDocumentsRepository } from './repository';
import { documentAdminRoutes, documentRoutes } from './routes';
import { createDocuments, type DocumentsSettings } from './service';
import { createLocalDocumentStorage, type DocumentStorage } from './storage';

export type { Documents, DocumentsSettings } from './service';
export type { DocumentStorage } from './storage';

/**
 * Player documents for manual identity checks (docs/player-protection.md, "Documents"):
 * uploads checked by content, private storage, the operator's review and its realtime
 * event to the player.
 */
export async function registerDocuments(
  server: FastifyInstance,
  deps: {
    db: Db;
    events: RealtimeEvents;
    guards: AuthGuards;
    adminApiKey: string | undefined;
    settings: DocumentsSettings & { directory: string };
    /** Another storage than the local directory (tests). */
    storage?: DocumentStorage;
  },
) {
  const documents = createDocuments({
    repository: createDocumentsRepository(deps.db),
    storage: deps.storage ?? createLocalDocumentStorage(deps.settings.directory),
    events: deps.events,
    settings: deps.settings,
    log: server.log.child({ module: 'documents' }),
  });
  await server.register(documentRoutes, { documents, guards: deps.guards });
  await server.register(documentAdminRoutes, { documents, adminApiKey: deps.adminApiKey });
  return documents;
}
