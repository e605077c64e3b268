import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope } from '../common/envelope';
import {
  adminDocumentSchema,
  adminDocumentsQuerySchema,
  documentFileSchema,
  documentParamsSchema,
  documentSettingsSchema,
  rejectDocumentBodySchema,
} from './schemas';

/**
 * The player's documents. The upload is `multipart/form-data` (`file`, `type`), read by
 * the route itself: no JSON body schema. 422 names `file`; 413 means too large.
 */
export const documentEndpoints = {
  listDocuments: defineEndpoint({
    method: 'GET',
    path: '/api/player/documents',
    access: 'player',
    response: dataEnvelope(z.array(documentFileSchema)),
  }),
  /** The configured upload rules (the size limit), for the page to check before sending. */
  documentSettings: defineEndpoint({
    method: 'GET',
    path: '/api/player/documents/settings',
    access: 'player',
    response: dataEnvelope(documentSettingsSchema),
  }),
  uploadDocument: defineEndpoint({
    method: 'POST',
    path: '/api/player/documents',
    access: 'player',
    response: dataEnvelope(documentFileSchema),
  }),
  /** Pending documents only; answers the player's remaining documents. */
  deleteDocument: defineEndpoint({
    method: 'DELETE',
    path: '/api/player/documents/:id',
    access: 'player',
    params: documentParamsSchema,
    response: dataEnvelope(z.array(documentFileSchema)),
  }),
};

/** The operator's review (`X-Admin-Key`). */
export const documentAdminEndpoints = {
  listAdminDocuments: defineEndpoint({
    method: 'GET',
    path: '/api/admin/documents',
    access: 'operator',
    query: adminDocumentsQuerySchema,
    response: dataEnvelope(z.array(adminDocumentSchema)),
  }),
  /** The stored bytes (an attachment); never served anywhere else. */
  downloadDocument: defineEndpoint({
    method: 'GET',
    path: '/api/admin/documents/:id/file',
    access: 'operator',
    params: documentParamsSchema,
  }),
  approveDocument: defineEndpoint({
    method: 'POST',
    path: '/api/admin/documents/:id/approve',
    access: 'operator',
    params: documentParamsSchema,
    response: dataEnvelope(adminDocumentSchema),
  }),
  rejectDocument: defineEndpoint({
    method: 'POST',
    path: '/api/admin/documents/:id/reject',
    access: 'operator',
    params: documentParamsSchema,
    body: rejectDocumentBodySchema,
    response: dataEnvelope(adminDocumentSchema),
  }),
};
