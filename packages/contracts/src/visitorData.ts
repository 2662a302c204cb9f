import { z } from 'zod';
import { INVALID_EMAIL_TEXT, normalizeEmailAddress } from './emailAddress';
import { endpoint } from './endpoint';

/*
 * A visitor's data on request: a marketer erases one person, by email address, from every quiz of the
 * account. The leads, their answers, their visits' events and their delivery records go in one
 * transaction; an audit entry keeps only the counts, never the address.
 */

export const NO_LEADS_WITH_EMAIL_TEXT = 'No leads with this email address in your account.';

export const eraseVisitorBodySchema = z.object({
  email: z
    .string()
    .max(320)
    .refine((text) => normalizeEmailAddress(text) !== null, INVALID_EMAIL_TEXT)
    .overwrite((text) => normalizeEmailAddress(text) ?? text),
});
export type EraseVisitorBody = z.infer<typeof eraseVisitorBodySchema>;

const count = z.number().int().min(0);
/** What was erased: leads, visitor events, and lead deliveries (with their attempts). */
export const erasedVisitorSchema = z.object({ leads: count, events: count, deliveries: count });
export type ErasedVisitor = z.infer<typeof erasedVisitorSchema>;

export const eraseVisitorEndpoint = endpoint({
  method: 'POST',
  path: '/api/visitor-data/erase',
  access: 'user',
  summary:
    'Erase a person by email address from every quiz of the account: their leads, answers, visit events and delivery records (404 when no lead has that address)',
  body: eraseVisitorBodySchema,
  response: erasedVisitorSchema,
});
