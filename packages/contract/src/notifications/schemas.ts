import { z } from 'zod';

/** `POST /api/notification/communications`: the contact form. */
export const communicationBodySchema = z.object({
  email: z.string().trim().min(1, 'required').max(254).pipe(z.email({ error: 'email' })),
  message: z.string().trim().min(1, 'required').max(5000, 'maxLength'),
  name: z.string().trim().max(100).optional(),
  subject: z.string().trim().max(200).optional(),
  locale: z.string().max(10).optional(),
});
export type CommunicationBody = z.infer<typeof communicationBodySchema>;
