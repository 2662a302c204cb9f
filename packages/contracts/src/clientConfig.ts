import { z } from 'zod';

/** What the server tells the builder at page load (embedded in index.html as JSON). */
export const clientConfigSchema = z.object({
  basePath: z.string(),
  supportEmail: z.string(),
  helpUrl: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const CLIENT_CONFIG_ELEMENT_ID = 'quizbeam-config';
