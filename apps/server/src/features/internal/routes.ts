import { createHash, timingSafeEqual } from 'node:crypto';
import { embeddedClientOf } from '@quizbeam/db/database';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { AppError } from '../../shared/appError';
import { cliEndpoint } from './cliCommands';
import { runDatabaseCommand } from './databaseCommands';
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
      if (body.command === 'backup') {
        const client = embeddedClientOf(context.db);
        if (!client)
          throw new AppError('validation_failed', 'This server does not run on the embedded database.');
        return { backup: await writeBackup(client, body.to) };
      }
      return runDatabaseCommand(context, body);
    });
  };
}
