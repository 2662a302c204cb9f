import type { ScriptEventType } from '@quizbeam/contracts/scripts';
import type { Database } from '@quizbeam/db/database';
import { accountScripts, quizScripts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';

export interface PublishedScripts {
  onStartPage: string;
  onOptIn: string;
  onComplete: string;
}

type EventCodes = Partial<Record<ScriptEventType, string>>;

const byEvent = (rows: { event: ScriptEventType; code: string }[]): EventCodes =>
  Object.fromEntries(rows.map((row) => [row.event, row.code]));

const joined = (...parts: (string | undefined)[]) =>
  parts.filter((part): part is string => part !== undefined && part.trim() !== '').join('\n');

/** Account scripts run before the quiz's own, so a quiz can build on what the account sets up. */
export async function scriptsForPublish(
  db: Database,
  accountId: string,
  quizId: string,
): Promise<PublishedScripts> {
  const [accountRows, quizRows] = await Promise.all([
    db
      .select({ event: accountScripts.event, code: accountScripts.code })
      .from(accountScripts)
      .where(eq(accountScripts.accountId, accountId)),
    db
      .select({ event: quizScripts.event, code: quizScripts.code })
      .from(quizScripts)
      .where(eq(quizScripts.quizId, quizId)),
  ]);
  const account = byEvent(accountRows);
  const quiz = byEvent(quizRows);
  return {
    onStartPage: joined(account['on-start-page'], quiz['on-start-page']),
    onOptIn: joined(account['on-opt-in'], quiz['on-opt-in']),
    onComplete: joined(account['on-complete'], quiz['on-complete']),
  };
}
