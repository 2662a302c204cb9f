import type { AuditAction } from '@quizbeam/contracts/admin';
import type { Me } from '@quizbeam/contracts/auth';
import { adminAuditLog } from '@quizbeam/db/adminSchema';
import type { Database } from '@quizbeam/db/database';

export type TemplateAuditAction = Extract<AuditAction, `template.${string}` | `template_category.${string}`>;

/** One audit row for an admin's change to the template library; call it inside the change's transaction. */
export async function recordTemplateAudit(
  tx: Database,
  admin: Pick<Me, 'userId' | 'email'>,
  action: TemplateAuditAction,
  summary: string,
  details: Record<string, unknown>,
): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminUserId: admin.userId,
    adminEmail: admin.email,
    action,
    accountId: null,
    accountName: null,
    summary,
    details,
  });
}
