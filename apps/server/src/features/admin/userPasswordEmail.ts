import type { Me } from '@quizbeam/contracts/auth';
import type { Database } from '@quizbeam/db/database';
import { accounts, users } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Mailer } from '../../email/mailer';
import { passwordResetMessage, setPasswordMessage } from '../../email/messages';
import { notFound } from '../../shared/appError';
import { issuePasswordCode } from '../auth/passwordCodes';
import { recordAdminAction } from './auditLog';
import { passwordEmailSummary } from './auditSummaries';

/**
 * Mails the user a password reset link, or a new set-password link when they never set one (the links the
 * public reset form and account creation send). Sent inside the transaction: if the mail fails, no code
 * and no audit entry remain.
 */
export async function sendUserPasswordEmail(
  deps: { db: Database; mailer: Mailer; config: Config },
  admin: Me,
  userId: string,
): Promise<void> {
  const { db, mailer, config } = deps;
  const [found] = await db
    .select({ user: users, account: { id: accounts.id, name: accounts.name } })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId));
  if (!found) throw notFound();
  const { user, account } = found;
  const kind = user.passwordHash === null ? 'set' : 'reset';
  await db.transaction(async (tx) => {
    const code = await issuePasswordCode(tx, user.id, kind);
    await recordAdminAction(tx, admin, {
      action: 'user.password_reset',
      account,
      summary: passwordEmailSummary(user.email, kind),
      details: { userId: user.id, email: user.email, kind },
    });
    const link = `${config.appUrl}${config.basePath}/${kind === 'set' ? 'set' : 'reset'}-password/${user.id}/${code}`;
    await mailer.send(
      kind === 'set'
        ? setPasswordMessage(user.email, account.name, link)
        : passwordResetMessage(user.email, link),
    );
  });
}
