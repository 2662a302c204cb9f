import { leadMeasurementSchema, trackingConsentStates } from '@quizbeam/contracts/measurement';
import { z } from 'zod';

/**
 * What the page knew for server-side conversions, as `leads.measurement` stores it (the lead body's
 * `measurement` plus the visitor's user agent). Read field by field: a value that does not read as its
 * schema is left out rather than failing the delivery.
 */
export interface StoredLeadMeasurement {
  eventId?: string;
  gaClientId?: string;
  gaSessionId?: string;
  fbp?: string;
  fbc?: string;
  consent: (typeof trackingConsentStates)[number];
  userAgent?: string;
}

/** What server-side conversions need of a lead beyond what every destination gets. */
export interface LeadConversionContext {
  visitId: string;
  /** Where the visitor answered: the snapshot's host and path (null if the snapshot cannot be read). */
  publishedAt: { host: string; slug: string } | null;
  /** Null for leads from before it was kept. */
  measurement: StoredLeadMeasurement | null;
}

const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const { shape } = leadMeasurementSchema;
const storedMeasurementSchema = z
  .object({
    eventId: lenient(shape.eventId),
    gaClientId: lenient(shape.gaClientId),
    gaSessionId: lenient(shape.gaSessionId),
    fbp: lenient(shape.fbp),
    fbc: lenient(shape.fbc),
    // A lead whose page said nothing about consent came from a quiz that does not ask.
    consent: z.enum(trackingConsentStates).catch('not-asked'),
    userAgent: lenient(z.string().min(1).max(500)),
  })
  .nullable()
  .catch(null);

const publishedAtSchema = z
  .object({ host: z.string().min(1), slug: z.string().min(1) })
  .nullable()
  .catch(null);

/** The context of a lead row: its visit id, `leads.measurement` and the snapshot's `{ host, slug }` as read. */
export function leadConversionContext(row: {
  visit_id: string;
  measurement: unknown;
  published_at: unknown;
}): LeadConversionContext {
  return {
    visitId: row.visit_id,
    publishedAt: publishedAtSchema.parse(row.published_at ?? null),
    measurement: storedMeasurementSchema.parse(row.measurement ?? null),
  };
}
