import { endpoint } from '@quizbeam/contracts/endpoint';
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
  z.object({ command: z.literal('analytics:rebuild'), quizId: z.uuid() }),
  z.object({ command: z.literal('templates:seed') }),
  /** `to` is an absolute path on this machine: the server writes the backup there itself. */
  z.object({ command: z.literal('backup'), to: z.string().min(1) }),
]);
export type CliRequest = z.infer<typeof cliRequestSchema>;

const accountSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  permissions: z.object({
    isLimited: z.boolean(),
    commercialFeatures: z.boolean(),
    extraTemplates: z.boolean(),
    proVersion: z.boolean(),
  }),
  users: z.array(
    z.object({ id: z.string(), email: z.string(), isAdmin: z.boolean(), hasPassword: z.boolean() }),
  ),
});

const leadSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  consent: z.boolean(),
  consentText: z.string().nullable(),
  outcomeId: z.number().nullable(),
  score: z.number(),
  answers: z.unknown(),
  utm: z.record(z.string(), z.string()),
  urlFields: z.record(z.string(), z.string()),
  urlFieldsCut: z.array(z.string()),
  measurement: z.unknown(),
  snapshotVersion: z.number(),
  deliveryStatus: z.string(),
});

const rebuildSummarySchema = z.object({ quizId: z.string(), events: z.number(), visits: z.number() });

/** The names of the starter library's categories and templates a seed added. */
const seedResultSchema = z.object({ categories: z.array(z.string()), templates: z.array(z.string()) });

export const cliResultSchema = z.union([
  z.object({ accounts: z.array(accountSummarySchema) }),
  z.object({ leads: z.array(leadSummarySchema) }),
  z.object({ rebuilt: rebuildSummarySchema }),
  z.object({ seeded: seedResultSchema }),
  z.object({ backup: z.object({ file: z.string(), bytes: z.number() }) }),
  z.object({ accountId: z.string(), userId: z.string(), invited: z.boolean() }),
]);
export type CliResult = z.infer<typeof cliResultSchema>;

/** How the CLI hands a command to the running server (with the token from the control file). */
export const cliEndpoint = endpoint({
  method: 'POST',
  path: '/internal/cli',
  access: 'internal',
  summary: 'Run a CLI command in the server that owns the embedded database',
  body: cliRequestSchema,
  response: cliResultSchema,
});

export const CLI_ENDPOINT = cliEndpoint.path;
