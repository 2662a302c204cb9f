import type { AdminAccountDetail, createAdminAccountBodySchema } from '@quizbeam/contracts/admin';
import type { Me } from '@quizbeam/contracts/auth';
import type { Database } from '@quizbeam/db/database';
import type { z } from 'zod';
import type { Config } from '../../config/env';
import type { Mailer } from '../../email/mailer';
import { AppError } from '../../shared/appError';
import { createAccountAndInvite } from '../accounts/createAccountAndInvite';
import { findUserByEmail } from '../accounts/findUserByEmail';
import { loadAdminAccountDetail } from './adminAccounts';
import { recordAdminAction } from './auditLog';
import { accountCreatedSummary } from './auditSummaries';

export const DUPLICATE_EMAIL_MESSAGE = 'A user with this email already exists.';
const duplicateEmail = () => new AppError('duplicate', DUPLICATE_EMAIL_MESSAGE);

const UNIQUE_VIOLATION = '23505';

/** createAccount's own refusal, or the unique index when another request took the email meanwhile. */
function isTakenEmail(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'conflict';
  const codes = [error, (error as { cause?: unknown } | null)?.cause].map(
    (candidate) => (candidate as { code?: unknown } | null)?.code,
  );
  return codes.includes(UNIQUE_VIOLATION);
}

/**
 * As `npm run cli -- account:create` does (the first user gets the set-password email), with the audit row
 * in the same transaction: if anything fails, no account is left behind.
 */
export async function createAdminAccount(
  deps: { db: Database; mailer: Mailer; config: Config },
  admin: Me,
  body: z.output<typeof createAdminAccountBodySchema>,
): Promise<AdminAccountDetail> {
  const { db, config } = deps;
  if (await findUserByEmail(db, body.email)) throw duplicateEmail();
  let accountId: string;
  try {
    accountId = await db.transaction(async (tx) => {
      const created = await createAccountAndInvite(
        { ...deps, db: tx },
        { email: body.email, name: body.name, isAdmin: body.isAdmin, ...body.permissions },
      );
      await recordAdminAction(tx, admin, {
        action: 'account.create',
        account: { id: created.accountId, name: body.name },
        summary: accountCreatedSummary(body),
        details: {
          after: { name: body.name, email: body.email, isAdmin: body.isAdmin, permissions: body.permissions },
        },
      });
      return created.accountId;
    });
  } catch (error) {
    if (isTakenEmail(error)) throw duplicateEmail();
    throw error;
  }
  return loadAdminAccountDetail(db, config, accountId);
}
