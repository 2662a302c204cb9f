import {
  ADMIN_AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  auditActionSchema,
} from '@quizbeam/contracts/admin';
import type { Me } from '@quizbeam/contracts/auth';
import { adminAuditLog } from '@quizbeam/db/adminSchema';
import type { Database } from '@quizbeam/db/database';
import { count, desc, eq } from 'drizzle-orm';

export interface AdminAction {
  action: AuditAction;
  /** The account acted on, with its name at the time; null for actions on no account. */
  account: { id: string; name: string } | null;
  summary: string;
  /** Before and after, for investigations. */
  details: Record<string, unknown>;
}

/** Writes the one audit row of an admin action; call it in the transaction that makes the change. */
export async function recordAdminAction(tx: Database, admin: Me, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminUserId: admin.userId,
    adminEmail: admin.email,
    action: entry.action,
    accountId: entry.account?.id ?? null,
    accountName: entry.account?.name ?? null,
    summary: entry.summary,
    details: entry.details,
  });
}

export interface AuditLogPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** The log newest first, ADMIN_AUDIT_PAGE_SIZE entries a page; only one account's when `accountId` is given. */
export async function listAuditLog(
  db: Database,
  { page, accountId }: { page: number; accountId?: string | undefined },
): Promise<AuditLogPage> {
  const filter = accountId ? eq(adminAuditLog.accountId, accountId) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(filter)
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
      .limit(ADMIN_AUDIT_PAGE_SIZE)
      .offset((page - 1) * ADMIN_AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(adminAuditLog).where(filter),
  ]);
  return {
    entries: rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      adminEmail: row.adminEmail,
      action: auditActionSchema.parse(row.action),
      accountId: row.accountId,
      accountName: row.accountName,
      summary: row.summary,
    })),
    total: counted?.total ?? 0,
    page,
    pageSize: ADMIN_AUDIT_PAGE_SIZE,
  };
}
