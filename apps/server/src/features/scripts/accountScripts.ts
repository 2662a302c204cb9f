import type { ScriptEventType } from '@quizbeam/contracts/scripts';
import type { Database } from '@quizbeam/db/database';
import { accountScripts } from '@quizbeam/db/schema';
import { and, eq } from 'drizzle-orm';

/** The account's script for the event; '' when none was saved. */
export async function readAccountScript(
  db: Database,
  accountId: string,
  event: ScriptEventType,
): Promise<string> {
  const [row] = await db
    .select({ code: accountScripts.code })
    .from(accountScripts)
    .where(and(eq(accountScripts.accountId, accountId), eq(accountScripts.event, event)));
  return row?.code ?? '';
}

export async function writeAccountScript(
  db: Database,
  accountId: string,
  event: ScriptEventType,
  code: string,
): Promise<string> {
  await db
    .insert(accountScripts)
    .values({ accountId, event, code })
    .onConflictDoUpdate({
      target: [accountScripts.accountId, accountScripts.event],
      set: { code, updatedAt: new Date() },
    });
  return code;
}
