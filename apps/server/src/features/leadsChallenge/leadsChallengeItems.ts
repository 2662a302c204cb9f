import type { Me } from '@quizbeam/contracts/auth';
import {
  type createLeadsChallengeItemBodySchema,
  type LeadsChallengeItem,
  leadsChallengeDownloadPath,
  type updateLeadsChallengeItemBodySchema,
} from '@quizbeam/contracts/leadsChallenge';
import { leadsChallengeItems } from '@quizbeam/db/adminSchema';
import type { Database } from '@quizbeam/db/database';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, notFound } from '../../shared/appError';
import type { ImageStorage } from '../../storage/imageStorage';
import { recordAdminAction } from '../admin/auditLog';
import {
  type DownloadFacts,
  downloadAddedSummary,
  downloadChangedSummary,
  downloadRemovedSummary,
} from '../admin/auditSummaries';
import { FILE_KEY_FIELD } from './leadsChallengeFiles';
import {
  forgetPendingUpload,
  readPendingUpload,
  removeStoredFile,
  type UploadRecord,
} from './leadsChallengeUploads';

type ItemRow = typeof leadsChallengeItems.$inferSelect;

export interface LeadsChallengeDeps {
  db: Database;
  storage: ImageStorage;
  /** Storage clean-up after a commit only logs its failures: the change itself is done. */
  logError: (error: unknown, what: string) => void;
}

const toItem = (row: ItemRow): LeadsChallengeItem => ({
  id: row.id,
  title: row.title,
  description: row.description,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  downloadUrl: leadsChallengeDownloadPath(row.id),
  createdAt: row.createdAt.toISOString(),
});

const factsOf = (row: Pick<ItemRow, 'title' | 'description' | 'fileName' | 'fileKey'>): DownloadFacts => ({
  title: row.title,
  description: row.description,
  fileName: row.fileName,
  fileKey: row.fileKey,
});

/** In the order admins added them. */
export async function listLeadsChallengeItems(db: Database): Promise<LeadsChallengeItem[]> {
  const rows = await db
    .select()
    .from(leadsChallengeItems)
    .orderBy(asc(leadsChallengeItems.createdAt), asc(leadsChallengeItems.id));
  return rows.map(toItem);
}

export async function findLeadsChallengeItem(db: Database, id: string): Promise<ItemRow> {
  const [row] = await db.select().from(leadsChallengeItems).where(eq(leadsChallengeItems.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * Until the transaction ends, no other item takes this file key; it must not already be another item's.
 * (Keys are random and handed only to the uploading admin, so holding one is the permission.)
 */
async function claimFileKey(tx: Database, fileKey: string, exceptItemId: string | null): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`quizbeam:leads-challenge:${fileKey}`}, 0))`,
  );
  const taken = await tx
    .select({ id: leadsChallengeItems.id })
    .from(leadsChallengeItems)
    .where(
      and(
        eq(leadsChallengeItems.fileKey, fileKey),
        exceptItemId ? ne(leadsChallengeItems.id, exceptItemId) : undefined,
      ),
    );
  if (taken.length > 0) {
    throw new AppError(
      'validation_failed',
      'This file is already used by another download. Please upload it again.',
      {},
      { field: FILE_KEY_FIELD },
    );
  }
}

const fileColumns = (fileKey: string, upload: UploadRecord) => ({
  fileKey,
  fileName: upload.fileName,
  contentType: upload.contentType,
  size: upload.size,
});

export async function createLeadsChallengeItem(
  { db, storage, logError }: LeadsChallengeDeps,
  admin: Me,
  body: z.output<typeof createLeadsChallengeItemBodySchema>,
): Promise<LeadsChallengeItem> {
  const upload = await readPendingUpload(storage, body.fileKey);
  const row = await db.transaction(async (tx) => {
    await claimFileKey(tx, body.fileKey, null);
    const [created] = await tx
      .insert(leadsChallengeItems)
      .values({
        id: crypto.randomUUID(),
        title: body.title,
        description: body.description,
        ...fileColumns(body.fileKey, upload),
      })
      .returning();
    if (!created) throw new Error('the Leads Challenge item was not stored');
    await recordAdminAction(tx, admin, {
      action: 'leads_challenge.create',
      account: null,
      summary: downloadAddedSummary(created),
      details: { after: factsOf(created) },
    });
    return created;
  });
  await forgetPendingUpload(storage, body.fileKey).catch((error) => logError(error, 'upload record'));
  return toItem(row);
}

/** A new file key replaces the item's file, which is then removed from storage. */
export async function updateLeadsChallengeItem(
  { db, storage, logError }: LeadsChallengeDeps,
  admin: Me,
  id: string,
  body: z.output<typeof updateLeadsChallengeItemBodySchema>,
): Promise<LeadsChallengeItem> {
  const current = await findLeadsChallengeItem(db, id);
  const newFileKey = body.fileKey !== undefined && body.fileKey !== current.fileKey ? body.fileKey : null;
  const upload = newFileKey ? await readPendingUpload(storage, newFileKey) : null;
  const { before, after } = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(leadsChallengeItems)
      .where(eq(leadsChallengeItems.id, id))
      .for('update');
    if (!locked) throw notFound();
    if (newFileKey) await claimFileKey(tx, newFileKey, id);
    const [updated] = await tx
      .update(leadsChallengeItems)
      .set({
        title: body.title,
        description: body.description,
        ...(newFileKey && upload ? fileColumns(newFileKey, upload) : {}),
        updatedAt: new Date(),
      })
      .where(eq(leadsChallengeItems.id, id))
      .returning();
    if (!updated) throw notFound();
    await recordAdminAction(tx, admin, {
      action: 'leads_challenge.update',
      account: null,
      summary: downloadChangedSummary(locked, updated),
      details: { before: factsOf(locked), after: factsOf(updated) },
    });
    return { before: locked, after: updated };
  });
  if (before.fileKey !== after.fileKey) {
    await forgetPendingUpload(storage, after.fileKey).catch((error) => logError(error, 'upload record'));
    await removeStoredFile(storage, before.fileKey).catch((error) => logError(error, 'replaced file'));
  }
  return toItem(after);
}

/** Removes the item and then its file. */
export async function deleteLeadsChallengeItem(
  { db, storage, logError }: LeadsChallengeDeps,
  admin: Me,
  id: string,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(leadsChallengeItems).where(eq(leadsChallengeItems.id, id)).returning();
    if (!row) throw notFound();
    await recordAdminAction(tx, admin, {
      action: 'leads_challenge.delete',
      account: null,
      summary: downloadRemovedSummary(row),
      details: { before: factsOf(row) },
    });
    return row;
  });
  await removeStoredFile(storage, removed.fileKey).catch((error) => logError(error, 'removed file'));
}
