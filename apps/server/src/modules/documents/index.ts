import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EventRegistry } from '../../lib/events';
import type { AuthGuards } from '../auth';
import type { RealtimeEvents } from '../realtime';
import { createDocumentsRepository } from './repository';
import { documentAdminRoutes, documentRoutes } from './routes';
import { createDocuments, type DocumentsSettings } from './service';
import { createS3DocumentStorage, type S3StorageSettings } from './s3-storage';
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
    appEvents?: EventRegistry;
    guards: AuthGuards;
    adminApiKey: string | undefined;
    /** With `s3`, the bytes go to that object store; without it, to `directory`. */
    settings: DocumentsSettings & { directory: string; s3?: S3StorageSettings | undefined };
    /** Another storage than the configured one (tests). */
    storage?: DocumentStorage;
  },
) {
  const documents = createDocuments({
    repository: createDocumentsRepository(deps.db),
    storage:
      deps.storage ??
      (deps.settings.s3
        ? createS3DocumentStorage(deps.settings.s3)
        : createLocalDocumentStorage(deps.settings.directory)),
    events: deps.events,
    settings: { maxFileBytes: deps.settings.maxFileBytes, maxPendingPerType: deps.settings.maxPendingPerType },
    log: server.log.child({ module: 'documents' }),
    ...(deps.appEvents ? { appEvents: deps.appEvents } : {}),
  });
  await server.register(documentRoutes, { documents, guards: deps.guards });
  await server.register(documentAdminRoutes, { documents, adminApiKey: deps.adminApiKey });
  return documents;
}
