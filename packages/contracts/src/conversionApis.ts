import { z } from 'zod';
import { endpoint, idParam, okResponseSchema } from './endpoint';
import {
  GA4_MEASUREMENT_ID_TEXT,
  ga4MeasurementIdSchema,
  META_PIXEL_ID_TEXT,
  metaPixelIdSchema,
} from './measurement';

/*
 * Server-side conversion APIs: an account's Meta Conversions API datasets (pixel ID and access token) and
 * GA4 Measurement Protocol streams (measurement ID and API secret). Quizzes choose which of them each lead is
 * sent to (`leadCaptureSettings.conversionApiIds`). The token or secret is stored sealed and never sent back:
 * answers carry only its last characters, so the marketer can tell which one is saved.
 */

export const conversionPlatforms = ['meta', 'ga4'] as const;
export const conversionPlatformSchema = z.enum(conversionPlatforms);
export type ConversionPlatform = z.infer<typeof conversionPlatformSchema>;

export const CONVERSION_PLATFORM_LABELS: Record<ConversionPlatform, string> = {
  meta: 'Meta Conversions API',
  ga4: 'Google Analytics 4',
};

export const MAX_CONVERSION_APIS = 10;
export const CONVERSION_API_NAME_MAX_LENGTH = 100;
export const CONVERSION_API_SECRET_MAX_LENGTH = 1000;
/** How many of the secret's last characters answers show. */
export const SECRET_HINT_LENGTH = 4;

export const CONVERSION_API_NAME_REQUIRED_TEXT = 'Please enter a name for this conversion API.';
export const META_ACCESS_TOKEN_REQUIRED_TEXT = 'Paste the access token from Events Manager.';
export const GA4_API_SECRET_REQUIRED_TEXT = 'Paste the API secret of your GA4 data stream.';
export const CONVERSION_API_SECRET_FORMAT_TEXT =
  'Paste it exactly as shown, without spaces or line breaks (up to 1,000 characters).';
export const TEST_EVENT_CODE_TEXT =
  'Enter the test event code as Events Manager shows it, such as TEST12345.';
export const TOO_MANY_CONVERSION_APIS_TEXT = `An account can have up to ${MAX_CONVERSION_APIS} conversion APIs. Delete one you no longer use to add another.`;
export const PLATFORM_UNCHANGEABLE_TEXT =
  'The platform of a conversion API cannot change: add a new one for the other platform.';
export const TEST_EVENT_CODE_NEEDED_TEXT = 'Add a test event code from Events Manager to send a test event.';

/** A conversion API as the builder sees it: never the token or secret, only its last characters. */
export const conversionApiSchema = z.object({
  id: z.string(),
  platform: conversionPlatformSchema,
  name: z.string(),
  /** Meta: the pixel (dataset) ID; GA4: the measurement ID. */
  platformId: z.string(),
  /** Meta only ('' = none): test leads then show under Test Events. */
  testEventCode: z.string(),
  /** The saved token's or secret's last characters, e.g. "…x9Q2". */
  secretHint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversionApi = z.infer<typeof conversionApiSchema>;

/** The ID a platform names its dataset or stream by, as the body schema checks it ('' is refused). */
export function platformIdProblem(platform: ConversionPlatform, text: string): string | null {
  const schema = platform === 'meta' ? metaPixelIdSchema : ga4MeasurementIdSchema;
  const parsed = schema.safeParse(text);
  if (!parsed.success || parsed.data === '')
    return platform === 'meta' ? META_PIXEL_ID_TEXT : GA4_MEASUREMENT_ID_TEXT;
  return null;
}

const SECRET_PATTERN = new RegExp(`^[\\x21-\\x7E]{1,${CONVERSION_API_SECRET_MAX_LENGTH}}$`);

/** The access token or API secret as typed (trimmed); blank is a problem only where one is required. */
export function secretProblem(platform: ConversionPlatform, text: string, required: boolean): string | null {
  if (text === '') {
    if (!required) return null;
    return platform === 'meta' ? META_ACCESS_TOKEN_REQUIRED_TEXT : GA4_API_SECRET_REQUIRED_TEXT;
  }
  return SECRET_PATTERN.test(text) ? null : CONVERSION_API_SECRET_FORMAT_TEXT;
}

export const testEventCodeProblem = (text: string): string | null =>
  /^[A-Za-z0-9]{0,40}$/.test(text) ? null : TEST_EVENT_CODE_TEXT;

const nameSchema = z
  .string()
  .trim()
  .min(1, CONVERSION_API_NAME_REQUIRED_TEXT)
  .max(CONVERSION_API_NAME_MAX_LENGTH);

/** A trimmed string refused with the message `problem` finds (the same rule the builder shows beside the field). */
const checked = (problem: (text: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((text, context) => {
      const found = problem(text);
      if (found) context.addIssue({ code: 'custom', message: found });
    });

const metaFields = {
  platform: z.literal('meta'),
  name: nameSchema,
  platformId: checked((text) => platformIdProblem('meta', text)),
  testEventCode: checked(testEventCodeProblem).optional(),
};
const ga4Fields = {
  platform: z.literal('ga4'),
  name: nameSchema,
  platformId: checked((text) => platformIdProblem('ga4', text)),
};
const requiredSecret = (platform: ConversionPlatform) =>
  checked((text) => secretProblem(platform, text, true));
const keptSecret = (platform: ConversionPlatform) =>
  checked((text) => secretProblem(platform, text, false)).optional();

/** Add: the token or secret is required. */
export const createConversionApiBodySchema = z.discriminatedUnion('platform', [
  z.object({ ...metaFields, secret: requiredSecret('meta') }),
  z.object({ ...ga4Fields, secret: requiredSecret('ga4') }),
]);
export type CreateConversionApiBody = z.infer<typeof createConversionApiBodySchema>;

/** Edit: a blank (or absent) secret keeps the saved one. The platform is chosen once: another is refused. */
export const updateConversionApiBodySchema = z.discriminatedUnion('platform', [
  z.object({ ...metaFields, secret: keptSecret('meta') }),
  z.object({ ...ga4Fields, secret: keptSecret('ga4') }),
]);
export type UpdateConversionApiBody = z.infer<typeof updateConversionApiBodySchema>;

/** One thing GA4's validation server found wrong with the event (`validationCode` as Google names it). */
export const ga4ValidationMessageSchema = z.object({
  fieldPath: z.string(),
  description: z.string(),
  validationCode: z.string(),
});
export type Ga4ValidationMessage = z.infer<typeof ga4ValidationMessageSchema>;

/**
 * What "Send Test Event" found. Meta: one Lead event sent with the saved test event code (it shows under
 * Test Events). GA4: a sample generate_lead event checked by Google's validation server, which checks the
 * event's shape, not the API secret.
 */
export const conversionApiTestResultSchema = z.object({
  platform: conversionPlatformSchema,
  ok: z.boolean(),
  statusCode: z.number().int().nullable(),
  /** Why it did not work, as a person reads it; null when it did. */
  error: z.string().nullable(),
  /** Meta: how many events Meta took (null without an answer saying so). */
  eventsReceived: z.number().int().nullable(),
  /** GA4: what the validation server found wrong; empty when the event is valid. */
  validationMessages: z.array(ga4ValidationMessageSchema),
});
export type ConversionApiTestResult = z.infer<typeof conversionApiTestResultSchema>;

const conversionApiParams = z.object({ id: idParam });

export const listConversionApisEndpoint = endpoint({
  method: 'GET',
  path: '/api/conversion-apis',
  access: 'user',
  summary: "The account's server-side conversion APIs (Meta, GA4)",
  response: z.array(conversionApiSchema),
});

/** Refused with 403 `quota_exceeded` past MAX_CONVERSION_APIS. */
export const createConversionApiEndpoint = endpoint({
  method: 'POST',
  path: '/api/conversion-apis',
  access: 'user',
  summary: 'Add a Meta Conversions API dataset or a GA4 Measurement Protocol stream',
  body: createConversionApiBodySchema,
  response: conversionApiSchema,
});

export const updateConversionApiEndpoint = endpoint({
  method: 'PUT',
  path: '/api/conversion-apis/:id',
  access: 'user',
  summary: 'Change a conversion API; a blank secret keeps the saved one',
  params: conversionApiParams,
  body: updateConversionApiBodySchema,
  response: conversionApiSchema,
});

/** Refused with 409 `in_use` (naming the quizzes) while a quiz sends its leads there. */
export const deleteConversionApiEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/conversion-apis/:id',
  access: 'user',
  summary: 'Delete a conversion API no quiz uses',
  params: conversionApiParams,
  response: okResponseSchema,
});

/** Meta without a test event code: 400 `validation_failed` (TEST_EVENT_CODE_NEEDED_TEXT). */
export const testConversionApiEndpoint = endpoint({
  method: 'POST',
  path: '/api/conversion-apis/:id/test',
  access: 'user',
  summary: 'Send a test event (Meta) or validate a sample event (GA4) now',
  params: conversionApiParams,
  response: conversionApiTestResultSchema,
});
