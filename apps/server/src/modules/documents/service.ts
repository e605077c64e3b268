import {
  channels,
  DocumentStatus,
  documentTypeSchema,
  sniffDocumentType,
  type AdminDocument,
  type DocumentContentType,
  type DocumentFile,
} from '@croupier/contract';
import { AppError } from '../../lib/errors';
import type { EventRegistry } from '../../lib/events';
import type { RealtimeEvents } from '../realtime';
import type { DocumentsRepository, PlayerDocumentRow } from './repository';
import { documentFileName } from './sniff';
import type { DocumentStorage } from './storage';

/** The documents' rules that configuration sets (DOCUMENTS_* in .env.example). */
export interface DocumentsSettings {
  /** Largest file accepted; a larger one is refused with 413 while it is being read. */
  maxFileBytes: number;
  /** Pending documents a player may have of one type at a time. */
  maxPendingPerType: number;
}

export const ACCEPTED_FORMATS_TEXT = 'Upload a JPG, PNG, PDF, WebP or HEIC file.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function presentDocument(row: PlayerDocumentRow): DocumentFile {
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status,
    type: documentTypeSchema.parse(row.type),
    createdAt: row.created_at.toISOString(),
    rejectReason: row.reject_reason,
  };
}

function presentAdminDocument(row: PlayerDocumentRow): AdminDocument {
  return {
    ...presentDocument(row),
    playerId: row.player_id,
    contentType: row.content_type as DocumentContentType,
    sizeBytes: row.size_bytes,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

export function createDocuments(deps: {
  repository: DocumentsRepository;
  storage: DocumentStorage;
  events: RealtimeEvents;
  settings: DocumentsSettings;
  log: { warn(object: object, message: string): void };
  /** Told of each review inside its transaction (the messenger's system message). */
  appEvents?: EventRegistry;
}) {
  const { repository, storage, events, settings, log, appEvents } = deps;

  const notFound = () => AppError.notFound('No such document.');

  async function removeBytes(key: string): Promise<void> {
    // The row is gone already; a file left behind is unreachable, so it is only logged.
    await storage.remove(key).catch((error: unknown) => log.warn({ err: error }, 'document file not removed'));
  }

  /** A pending document's review, published to its player after the commit. */
  async function review(id: string, status: number, rejectReason: string | null): Promise<AdminDocument> {
    if (!UUID.test(id)) throw notFound();
    const row = await events.transaction(async (trx) => {
      const reviewed = await repository.review(trx, id, { status, rejectReason });
      if (reviewed) {
        events.publishAfterCommit(trx, channels.documents(reviewed.player_id), {
          event: 'player.document.updated',
          document: presentDocument(reviewed),
        });
        await appEvents?.emit('documents.reviewed', {
          trx,
          playerId: reviewed.player_id,
          documentId: reviewed.id,
          approved: status === DocumentStatus.APPROVE,
          rejectReason,
        });
      }
      return reviewed;
    });
    if (row) return presentAdminDocument(row);
    if (!(await repository.find(id))) throw notFound();
    throw new AppError('CONFLICT', 'Only a pending document can be reviewed.');
  }

  return {
    settings,

    list: async (playerId: string): Promise<DocumentFile[]> =>
      (await repository.listForPlayer(playerId)).map(presentDocument),

    /**
     * Stores an upload. The type is what the first bytes say; the uploaded name is kept
     * for display with the matching extension.
     */
    async upload(input: {
      playerId: string;
      type: string | undefined;
      fileName: string | undefined;
      bytes: Buffer | undefined;
    }): Promise<DocumentFile> {
      const type = documentTypeSchema.safeParse(input.type);
      const fields: Record<string, string[]> = {};
      if (!type.success) fields.type = ['Choose a document type.'];
      const sniffed = input.bytes && input.bytes.length > 0 ? sniffDocumentType(input.bytes) : undefined;
      if (!input.bytes || input.bytes.length === 0) fields.file = ['Choose a file.'];
      else if (!sniffed) fields.file = [ACCEPTED_FORMATS_TEXT];
      if (!type.success || !sniffed || !input.bytes) throw AppError.validation(fields);

      const key = await storage.put(input.bytes);
      let row: PlayerDocumentRow | 'too-many';
      try {
        row = await repository.insertPending(
          {
            player_id: input.playerId,
            type: type.data,
            file_name: documentFileName(input.fileName, sniffed),
            content_type: sniffed.contentType,
            size_bytes: input.bytes.length,
            storage_key: key,
          },
          settings.maxPendingPerType,
        );
      } catch (error) {
        await removeBytes(key);
        throw error;
      }
      if (row === 'too-many') {
        await removeBytes(key);
        throw AppError.validation({
          file: [
            `You have ${settings.maxPendingPerType} documents of this type waiting for review. ` +
              'Delete one or wait for the review.',
          ],
        });
      }
      return presentDocument(row);
    },

    /** Deletes a pending document of the player's; another player's id is not found. */
    async remove(playerId: string, id: string): Promise<DocumentFile[]> {
      if (!UUID.test(id)) throw notFound();
      const deleted = await repository.deletePending(id, playerId);
      if (!deleted) {
        const row = await repository.find(id);
        if (!row || row.player_id !== playerId) throw notFound();
        throw new AppError('CONFLICT', 'Only a document waiting for review can be deleted.');
      }
      await removeBytes(deleted.storage_key);
      return (await repository.listForPlayer(playerId)).map(presentDocument);
    },

    admin: {
      list: async (filter: { status?: number | undefined; playerId?: string | undefined }) =>
        (await repository.list(filter)).map(presentAdminDocument),

      /** The stored bytes and what to call them. */
      async file(id: string): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
        if (!UUID.test(id)) throw notFound();
        const row = await repository.find(id);
        const bytes = row ? await storage.get(row.storage_key) : undefined;
        if (!row || !bytes) throw notFound();
        return { bytes, contentType: row.content_type, fileName: row.file_name };
      },

      approve: (id: string) => review(id, DocumentStatus.APPROVE, null),
      reject: (id: string, reason: string) => review(id, DocumentStatus.CANCELED, reason),
    },
  };
}

export type Documents = ReturnType<typeof createDocuments>;
