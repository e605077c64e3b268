import multipart from '@fastify/multipart';
import { documentAdminEndpoints, documentEndpoints } from '@croupier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { playerOf, type AuthGuards } from '../auth';
import { hasAdminKey } from '../payments';
import type { Documents } from './service';

const tags = ['documents'];

/** The upload's form: the `type` field and one `file`; other parts are read and dropped. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data (`file`, `type`).');
  }
  let type: string | undefined;
  let fileName: string | undefined;
  let bytes: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Read to the end in any case: the size limit (413) applies to every file part.
      const content = await part.toBuffer();
      if (part.fieldname === 'file' && bytes === undefined) {
        bytes = content;
        fileName = part.filename;
      }
    } else if (part.fieldname === 'type' && typeof part.value === 'string') {
      type = part.value;
    }
  }
  return { type, fileName, bytes };
}

/** The player's documents: list, upload (multipart), delete a pending one. */
export const documentRoutes: FastifyPluginAsyncZod<{ documents: Documents; guards: AuthGuards }> = async (
  app,
  { documents, guards },
) => {
  // Registered in this context only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: documents.settings.maxFileBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  });
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    documentEndpoints.listDocuments,
    {
      tags,
      summary: "The player's documents, newest first, with their review status (1 approved, 2 pending, 3 rejected)",
    },
    async (request) => ({ data: await documents.list(playerOf(request).id) }),
  );

  route(
    app,
    documentEndpoints.documentSettings,
    {
      tags,
      summary: 'The upload rules the page checks before sending: the size limit (DOCUMENTS_MAX_FILE_BYTES)',
    },
    async () => ({ data: { maxFileBytes: documents.settings.maxFileBytes } }),
  );

  route(
    app,
    documentEndpoints.uploadDocument,
    {
      tags,
      summary: 'Uploads a document (multipart/form-data: `file`, `type`); it waits for the operator’s review',
      description:
        'The file’s type is recognised from its first bytes (JPEG, PNG, PDF, WebP, HEIC), never from its name or ' +
        'declared type; anything else is a 422 on `file`, and the stored name gets the recognised extension. ' +
        '413 when the file is larger than DOCUMENTS_MAX_FILE_BYTES; 422 on `file` when the player already has ' +
        'DOCUMENTS_MAX_PENDING_PER_TYPE documents of that type pending.',
    },
    async (request) => ({
      data: await documents.upload({ playerId: playerOf(request).id, ...(await readUpload(request)) }),
    }),
  );

  route(
    app,
    documentEndpoints.deleteDocument,
    {
      tags,
      summary: 'Deletes a pending document; answers the remaining ones',
      description: '404 for an id that is not one of the player’s documents; 409 once it has been reviewed.',
    },
    async (request) => ({ data: await documents.remove(playerOf(request).id, request.params.id) }),
  );
};

/** `attachment` with the stored name: plain ASCII for old clients, the exact name in `filename*`. */
function attachment(fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The operator's review (`X-Admin-Key`): the queue, a document's bytes, approval and rejection. */
export const documentAdminRoutes: FastifyPluginAsyncZod<{
  documents: Documents;
  adminApiKey: string | undefined;
}> = async (app, { documents, adminApiKey }) => {
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });
  const adminTags = ['admin'];

  route(
    app,
    documentAdminEndpoints.listAdminDocuments,
    { tags: adminTags, summary: 'Operator: players’ documents, oldest first (filter `status` 2 for the queue)' },
    async (request) => ({ data: await documents.admin.list(request.query) }),
  );

  route(
    app,
    documentAdminEndpoints.downloadDocument,
    {
      tags: adminTags,
      summary: 'Operator: a document’s stored bytes, as an attachment',
      produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic'],
    },
    async (request, reply) => {
      const file = await documents.admin.file(request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );

  route(
    app,
    documentAdminEndpoints.approveDocument,
    {
      tags: adminTags,
      summary: 'Operator: approves a pending document (status 1); the player is told in realtime',
      description: '409 unless the document is pending. Published on `player:documents#{playerId}`.',
    },
    async (request) => ({ data: await documents.admin.approve(request.params.id) }),
  );

  route(
    app,
    documentAdminEndpoints.rejectDocument,
    {
      tags: adminTags,
      summary: 'Operator: rejects a pending document with a reason the player sees (status 3)',
      description: '409 unless the document is pending. Published on `player:documents#{playerId}`.',
    },
    async (request) => ({ data: await documents.admin.reject(request.params.id, request.body.reason) }),
  );
};
