import { z } from 'zod';
import { INVALID_EMAIL_TEXT, normalizeEmailAddress } from './emailAddress';
import { DEFAULT_URL_FIELDS, MAX_URL_FIELDS, URL_FIELD_VALUE_MAX_LENGTH } from './quizConstants';

/*
 * Marketing measurement: the address parameters a quiz keeps (URL fields), the tags it turns on in the
 * visitor's browser, the context a lead carries for server-side conversions, and the new-lead emails.
 */

export const URL_FIELD_NAME_MAX_LENGTH = 40;
export const URL_FIELD_NAME_TEXT = 'Use up to 40 letters, digits, hyphens, underscores or dots.';
export const DUPLICATE_URL_FIELD_TEXT = 'This parameter is listed twice.';

/** An address parameter's name: `utm_source`, `ref`, `partner.id`. */
export const urlFieldNameSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_.-]{1,${URL_FIELD_NAME_MAX_LENGTH}}$`), URL_FIELD_NAME_TEXT);

export const urlFieldSchema = z.object({
  name: urlFieldNameSchema,
  /** The email service's merge or custom field the value goes to (empty: not sent). */
  serviceField: z.string().trim().max(100).optional(),
  /** The pasted HTML form's field the value fills (empty: not sent). */
  htmlFormField: z.string().max(500).optional(),
});
export type UrlField = z.infer<typeof urlFieldSchema>;

export const urlFieldsSchema = z
  .array(urlFieldSchema)
  .max(MAX_URL_FIELDS)
  .superRefine((fields, context) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.name))
        context.addIssue({ code: 'custom', path: [index, 'name'], message: DUPLICATE_URL_FIELD_TEXT });
      seen.add(field.name);
    });
  });

/** The URL fields a quiz keeps: its own list, or the defaults when it has none. */
export const urlFieldsOf = (quiz: { urlFields?: readonly UrlField[] | undefined }): readonly UrlField[] =>
  quiz.urlFields ?? DEFAULT_URL_FIELDS.map((name) => ({ name }));

/** The kept parameters' values by name, as a visit or lead carries them. */
export const urlFieldValuesSchema = z
  .record(urlFieldNameSchema, z.string().max(URL_FIELD_VALUE_MAX_LENGTH))
  .refine((values) => Object.keys(values).length <= MAX_URL_FIELDS, {
    message: `At most ${MAX_URL_FIELDS} URL fields.`,
  });
export type UrlFieldValues = z.infer<typeof urlFieldValuesSchema>;

export const GTM_CONTAINER_ID_TEXT = 'Enter a container ID such as GTM-ABC1234.';
export const GA4_MEASUREMENT_ID_TEXT = 'Enter a measurement ID such as G-ABC123DEF4.';
export const META_PIXEL_ID_TEXT = 'Enter the pixel ID: 15 or 16 digits.';

const optionalId = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(40)
    .refine((value) => value === '' || pattern.test(value), message);

export const gtmContainerIdSchema = optionalId(/^GTM-[A-Z0-9]{4,12}$/, GTM_CONTAINER_ID_TEXT);
export const ga4MeasurementIdSchema = optionalId(/^G-[A-Z0-9]{4,16}$/, GA4_MEASUREMENT_ID_TEXT);
export const metaPixelIdSchema = optionalId(/^[0-9]{15,16}$/, META_PIXEL_ID_TEXT);

/** The tags a quiz turns on in the visitor's browser, by ID alone ('' = off). */
export const browserTrackingSchema = z.object({
  gtmContainerId: gtmContainerIdSchema,
  ga4MeasurementId: ga4MeasurementIdSchema,
  metaPixelId: metaPixelIdSchema,
  /** Ask the visitor first: no platform script loads, and no server-side conversion is sent, until they accept. */
  askConsent: z.boolean(),
});
export type BrowserTracking = z.infer<typeof browserTrackingSchema>;

export const NO_BROWSER_TRACKING: BrowserTracking = {
  gtmContainerId: '',
  ga4MeasurementId: '',
  metaPixelId: '',
  askConsent: false,
};

/** A quiz's tags: the account's defaults, or its own. */
export const quizTrackingSchema = z.object({
  useAccountDefaults: z.boolean(),
  own: browserTrackingSchema,
});
export type QuizTracking = z.infer<typeof quizTrackingSchema>;

/** What a quiz uses: absent settings follow the account. */
export const effectiveTracking = (
  quizTracking: QuizTracking | undefined,
  accountDefaults: BrowserTracking,
): BrowserTracking => (!quizTracking || quizTracking.useAccountDefaults ? accountDefaults : quizTracking.own);

export const tracksAnything = (tracking: BrowserTracking): boolean =>
  tracking.gtmContainerId !== '' || tracking.ga4MeasurementId !== '' || tracking.metaPixelId !== '';

export const MAX_LEAD_NOTIFICATION_RECIPIENTS = 10;
const recipientSchema = z
  .string()
  .max(254)
  .refine((text) => normalizeEmailAddress(text) !== null, INVALID_EMAIL_TEXT)
  .overwrite((text) => normalizeEmailAddress(text) ?? text);
export const leadNotificationModes = ['off', 'each', 'daily'] as const;
/** Who hears of a quiz's new leads, and how: an email per lead or one digest a day. */
export const leadNotificationsSchema = z.object({
  mode: z.enum(leadNotificationModes),
  recipients: z.array(recipientSchema).max(MAX_LEAD_NOTIFICATION_RECIPIENTS),
});
export type LeadNotifications = z.infer<typeof leadNotificationsSchema>;

/** The visitor's answer to the consent question; `not-asked` when the quiz does not ask. */
export const trackingConsentStates = ['granted', 'denied', 'not-asked'] as const;
export type TrackingConsent = (typeof trackingConsentStates)[number];

/**
 * What the page knows for server-side conversions, sent with the lead: the event id the browser's Lead
 * event carried (so the platform counts one), the GA client id, Meta's browser ids, and the consent.
 */
export const leadMeasurementSchema = z.object({
  eventId: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
  gaClientId: z
    .string()
    .regex(/^[0-9]{1,20}\.[0-9]{1,20}$/)
    .optional(),
  gaSessionId: z
    .string()
    .regex(/^[0-9]{1,20}$/)
    .optional(),
  fbp: z
    .string()
    .regex(/^fb\.[0-9]\.[0-9]{1,20}\.[0-9A-Za-z_-]{1,300}(\.[A-Za-z0-9_-]{1,50})?$/)
    .optional(),
  fbc: z
    .string()
    .regex(/^fb\.[0-9]\.[0-9]{1,20}\.[0-9A-Za-z_-]{1,600}(\.[A-Za-z0-9_-]{1,50})?$/)
    .optional(),
  consent: z.enum(trackingConsentStates),
});
export type LeadMeasurement = z.infer<typeof leadMeasurementSchema>;

/**
 * The events a published quiz emits: on the page (to the tags it turns on, and as a `quizbeam` DOM event) and,
 * in an embed, to the embedding page as `{ source: 'quizbeam', type: 'event', event, data }`.
 */
export const quizEventNames = [
  'quiz_view',
  'quiz_start',
  'question_answered',
  'lead_submitted',
  'quiz_complete',
] as const;
export type QuizEventName = (typeof quizEventNames)[number];
