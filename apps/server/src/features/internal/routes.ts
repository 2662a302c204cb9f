import { createHash, timingSafeEqual } from 'node:crypto';
import { embeddedClientOf } from '@quizbeam/db/database';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { AppError } from '../../shared/appError';
import { createAccountAndInvite } from '../accounts/createAccountAndInvite';
import { listAccounts } from '../accounts/listAccounts';
import { rebuildAnalyticsCommand } from '../analytics/rollups/rebuildCommand';
import { listLeads } from '../leads/listLeads';
import { seedStarterLibrary } from '../templates/seedStarterLibrary';
import { loadStarterLibrary } from '../templates/starterLibrary/loadStarterLibrary';
import { cliEndpoint } from './cliCommands';
import { writeBackup } from './embeddedBackup';

// Digests have one length whatever was sent (any bytes, of any length), and compare in constant time.
const digestOf = (text: string) => createHash('sha256').update(text).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digestOf(given), digestOf(expected));

/** Runs CLI commands inside the server when it owns the embedded database. */
export function internalCliRoutes(context: AppContext, controlToken: string): FastifyPluginAsyncZod {
  return async (app) => {
    registerEndpoint(app, context, cliEndpoint, async ({ body, request }) => {
      const given = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!sameSecret(given, controlToken)) throw new AppError('not_found', 'Not found.');
      if (body.command === 'account:list') return { accounts: await listAccounts(context.db) };
      if (body.command === 'leads:list') return { leads: await listLeads(context.db, body.quizId) };
      if (body.command === 'analytics:rebuild') {
        return { rebuilt: await rebuildAnalyticsCommand(context.db, body.quizId) };
      }
      if (body.command === 'templates:seed') {
        return { seeded: await seedStarterLibrary(context.db, loadStarterLibrary()) };
      }
      if (body.command === 'backup') {
        const client = embeddedClientOf(context.db);
        if (!client)
          throw new AppError('validation_failed', 'This server does not run on the embedded database.');
        return { backup: await writeBackup(client, body.to) };
      }
      return createAccountAndInvite(context, body.input);
    });
  };
}
