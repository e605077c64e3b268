import { z } from 'zod';

/** `{ data: T }`: the envelope of every successful response. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export const paginationMetaSchema = z.object({
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  totalPages: z.number().int().min(0),
  totalRows: z.number().int().min(0),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

/** `{ data: T[], meta }`: the envelope of paged lists. */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: paginationMetaSchema });
}

export const messageSchema = z.object({ message: z.string() });

export const errorBodySchema = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
