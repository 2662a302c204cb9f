import type { Me } from '@quizbeam/contracts/auth';
import type { Database } from '@quizbeam/db/database';
import { recordAdminAction } from '../../admin/auditLog';
import type { ExportedAccount } from './accountFacts';

/** The audit log entry of an admin's export of an account's data, written before the first byte is sent. */
export async function recordAdminExport(db: Database, admin: Me, account: ExportedAccount): Promise<void> {
  await recordAdminAction(db, admin, {
    action: 'account.export',
    account: { id: account.id, name: account.name },
    summary: `Exported the data of account "${account.name}"`,
    details: {},
  });
}
