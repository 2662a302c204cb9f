import { z } from 'zod';

/** What the CLI can ask a running server to do (PGlite allows only one process at a time). */
export const accountCreateInputSchema = z.object({
  email: z.string(),
  name: z.string(),
  password: z.string().optional(),
  isAdmin: z.boolean(),
  isLimited: z.boolean(),
  commercialFeatures: z.boolean(),
  extraTemplates: z.boolean(),
  proVersion: z.boolean(),
});
export type AccountCreateInput = z.infer<typeof accountCreateInputSchema>;

export const cliRequestSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('account:create'), input: accountCreateInputSchema }),
  z.object({ command: z.literal('account:list') }),
  z.object({ command: z.literal('leads:list'), quizId: z.uuid() }),
]);
export type CliRequest = z.infer<typeof cliRequestSchema>;

export const CLI_ENDPOINT = '/internal/cli';
