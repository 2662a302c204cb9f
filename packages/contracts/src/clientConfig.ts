import { z } from 'zod';

/** What the server tells the builder at page load (embedded in index.html as JSON). */
export const clientConfigSchema = z.object({
  basePath: z.string(),
  supportEmail: z.string(),
  helpUrl: z.string(),
  /** Where published quizzes live (PUBLISH_URL), for published links and the Domains screen's CNAME. */
  publishUrl: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const CLIENT_CONFIG_ELEMENT_ID = 'quizbeam-config';
