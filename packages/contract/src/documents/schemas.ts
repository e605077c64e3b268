import { z } from 'zod';

/**
 * Player documents for manual identity checks (docs/player-protection.md, "Documents"):
 * the files a player uploads and the operator approves or rejects.
 */

/** Document types, as the settings constants list them (`player.document.type`). */
export const DOCUMENT_TYPES = [
  'identity_front',
  'identity_back',
  'identity_selfie_id',
  'address',
  'payment',
  'payment_back',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const documentTypeSchema = z.enum(DOCUMENT_TYPES, { error: 'Choose a document type.' });

/** File types accepted, recognised by the file's first bytes (never by its name or declared type). */
export const DOCUMENT_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'application/pdf',
  'image/webp',
  'image/heic',
] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/**
 * The default size limit of an upload (DOCUMENTS_MAX_FILE_BYTES). The page asks the server
 * for the configured one (`DocumentSettings`) and refuses a larger file before sending it.
 */
export const DOCUMENT_MAX_FILE_BYTES_DEFAULT = 10 * 1024 * 1024;

/** Longest reject reason the operator may give. */
export const DOCUMENT_REJECT_REASON_MAX_LENGTH = 500;

/** `DocumentFile`: one uploaded file. `status` is `DocumentStatus` (1 approved, 2 pending, 3 rejected). */
export const documentFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.number().int(),
  type: documentTypeSchema,
  createdAt: z.string(),
  /** The operator's reason, with status 3 only. */
  rejectReason: z.string().nullable(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** A document as the operator sees it. */
export const adminDocumentSchema = documentFileSchema.extend({
  playerId: z.string(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  sizeBytes: z.number().int(),
  reviewedAt: z.string().nullable(),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

export const documentParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** `GET /api/admin/documents`: oldest first; `status` 2 is the review queue. */
export const adminDocumentsQuerySchema = z.object({
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .optional(),
  playerId: z.string().uuid().optional(),
});

export const rejectDocumentBodySchema = z.object({
  reason: z.string().trim().min(1, { error: 'Give the player a reason.' }).max(DOCUMENT_REJECT_REASON_MAX_LENGTH),
});

/** `GET /api/player/documents/settings`: the upload rules the page applies before sending. */
export const documentSettingsSchema = z.object({
  /** The server's DOCUMENTS_MAX_FILE_BYTES: a larger file is refused (413). */
  maxFileBytes: z.number().int().positive(),
});
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;
