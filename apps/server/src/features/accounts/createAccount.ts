import { normalizeEmailAddress } from '@quizbeam/contracts/emailAddress';
import type { Database } from '@quizbeam/db/database';
import { accounts, users } from '@quizbeam/db/schema';
import { sql } from 'drizzle-orm';
import { AppError } from '../../shared/appError';
import { hashPassword } from '../auth/passwordHashing';
import { assertPasswordAcceptable } from '../auth/passwordPolicy';

export interface NewAccount {
  email: string;
  name: string;
  password?: string | undefined;
  isAdmin?: boolean;
  isLimited?: boolean;
  commercialFeatures?: boolean;
  extraTemplates?: boolean;
  proVersion?: boolean;
}

/** Creates an account with its first user; returns both ids. */
export async function createAccount(
  db: Database,
  input: NewAccount,
): Promise<{ accountId: string; userId: string; email: string }> {
  const email = normalizeEmailAddress(input.email);
  const name = input.name.trim();
  if (email === null)
    throw new AppError('validation_failed', `"${input.email.trim()}" is not an email address.`);
  if (!name) throw new AppError('validation_failed', 'The account name must not be empty.');
  if (input.password !== undefined) assertPasswordAcceptable(input.password);

  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (existing.length > 0)
    throw new AppError('conflict', `A user with the email ${input.email.trim()} already exists.`);

  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const accountId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(accounts).values({
      id: accountId,
      name,
      isLimited: input.isLimited ?? false,
      commercialFeatures: input.commercialFeatures ?? false,
      extraTemplates: input.extraTemplates ?? false,
      proVersion: input.proVersion ?? false,
    });
    await tx
      .insert(users)
      .values({ id: userId, accountId, email, passwordHash, isAdmin: input.isAdmin ?? false });
  });
  return { accountId, userId, email };
}
