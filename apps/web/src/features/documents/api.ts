import {
  documentEndpoints,
  endpointPath,
  type DocumentFile,
  type DocumentSettings,
  type DocumentType,
  type ErrorBody,
} from '@croupier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, isSessionRejection } from '../../lib/api';
import { realtimeKeys } from '../../lib/query-keys';
import { session } from '../auth';

/**
 * Document calls. The list lives under its realtime key, so that the operator's review
 * (`player.document.updated`) refreshes it wherever it is shown. The upload goes through
 * XMLHttpRequest: fetch reports no upload progress.
 */

export function useDocuments() {
  return useQuery({
    queryKey: realtimeKeys.documents,
    queryFn: ({ signal }) => call(documentEndpoints.listDocuments, { signal }),
  });
}

/** The server's upload rules change only with its configuration: fetched once a visit. */
const SETTINGS_STALE_MS = 60 * 60_000;

/** `GET /api/player/documents/settings`: the configured size limit. */
export function useDocumentSettings() {
  return useQuery<DocumentSettings>({
    queryKey: ['player', 'documents-settings'] as const,
    queryFn: ({ signal }) => call(documentEndpoints.documentSettings, { signal }),
    staleTime: SETTINGS_STALE_MS,
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(documentEndpoints.deleteDocument, { params: { id } }),
    onSuccess: (remaining) => queryClient.setQueryData(realtimeKeys.documents, remaining),
  });
}

function errorOf(request: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(request.responseText);
  } catch {
    body = undefined;
  }
  const error = (body as Partial<ErrorBody> | undefined)?.error;
  return new ApiError(request.status, error?.code ?? 0, error?.message ?? request.statusText, error?.fields);
}

/**
 * `POST /api/player/documents` as multipart/form-data, reporting the share of the file
 * sent (0–1). Rejects with an ApiError (status 0 when the connection failed or was aborted).
 */
export async function uploadDocument(
  type: DocumentType,
  file: File,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<DocumentFile> {
  const token = await session.validToken();
  const form = new FormData();
  // The type first: the server reads the form in order.
  form.append('type', type);
  form.append('file', file, file.name);
  return new Promise<DocumentFile>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(documentEndpoints.uploadDocument.method, endpointPath(documentEndpoints.uploadDocument));
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve((JSON.parse(request.responseText) as { data: DocumentFile }).data);
        return;
      }
      const error = errorOf(request);
      if (token && isSessionRejection(error)) session.signOut('unauthorized');
      reject(error);
    });
    const failed = () => reject(new ApiError(0, 0, 'network'));
    request.addEventListener('error', failed);
    request.addEventListener('abort', failed);
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
