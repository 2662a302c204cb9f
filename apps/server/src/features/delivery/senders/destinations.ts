import { htmlFormDataSchema, htmlFormSettingsSchema } from '@quizbeam/contracts/htmlFormSettings';
import { z } from 'zod';

/**
 * `lead_deliveries.destination` for `html-form`: the quiz's HTML form settings as published (a copy, so a
 * later edit of the account's form does not change where published leads go). Extra keys are ignored.
 */
export const htmlFormDestinationSchema = z.object({
  htmlFormId: z.uuid().nullable().optional(),
  formData: htmlFormDataSchema,
  fieldMappings: htmlFormSettingsSchema.shape.fieldMappings,
});
export type HtmlFormDestination = z.infer<typeof htmlFormDestinationSchema>;

/**
 * `lead_deliveries.destination` for `webhook`: only the id; its URL and secret are read at each attempt,
 * so a corrected URL or a rotated secret applies to the retries and resends.
 */
export const webhookDestinationSchema = z.object({ webhookId: z.uuid() });
export type WebhookDestination = z.infer<typeof webhookDestinationSchema>;
