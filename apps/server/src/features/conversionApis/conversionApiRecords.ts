import {
  type ConversionApi,
  type ConversionPlatform,
  type CreateConversionApiBody,
  MAX_CONVERSION_APIS,
  PLATFORM_UNCHANGEABLE_TEXT,
  SECRET_HINT_LENGTH,
  TOO_MANY_CONVERSION_APIS_TEXT,
  type UpdateConversionApiBody,
} from '@quizbeam/contracts/conversionApis';
import type { Database } from '@quizbeam/db/database';
import { conversionApis } from '@quizbeam/db/measurementSchema';
import { accounts } from '@quizbeam/db/schema';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { SecretBox } from '../../security/secretBox';
import { AppError, notFound } from '../../shared/appError';

const storedColumns = {
  id: conversionApis.id,
  platform: conversionApis.platform,
  name: conversionApis.name,
  platformId: conversionApis.platformId,
  testEventCode: conversionApis.testEventCode,
  secretEncrypted: conversionApis.secretEncrypted,
  createdAt: conversionApis.createdAt,
  updatedAt: conversionApis.updatedAt,
};

interface StoredConversionApi {
  id: string;
  platform: ConversionPlatform;
  name: string;
  platformId: string;
  testEventCode: string;
  secretEncrypted: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The last characters of the saved secret; '' when it can no longer be opened (the server's key changed). */
function secretHintOf(box: SecretBox, sealed: string): string {
  try {
    return `…${box.open(sealed).slice(-SECRET_HINT_LENGTH)}`;
  } catch {
    return '';
  }
}

const shown = (box: SecretBox, { secretEncrypted, createdAt, updatedAt, ...row }: StoredConversionApi) => ({
  ...row,
  secretHint: secretHintOf(box, secretEncrypted),
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

const ownedBy = (accountId: string, id: string) =>
  and(eq(conversionApis.id, id), eq(conversionApis.accountId, accountId));

export async function listConversionApis(
  db: Database,
  box: SecretBox,
  accountId: string,
): Promise<ConversionApi[]> {
  const rows = await db
    .select(storedColumns)
    .from(conversionApis)
    .where(eq(conversionApis.accountId, accountId))
    .orderBy(asc(sql`lower(${conversionApis.name})`), asc(conversionApis.createdAt));
  return rows.map((row) => shown(box, row));
}

/**
 * Adds one, its secret sealed; at most MAX_CONVERSION_APIS per account (403 `quota_exceeded`), counted under a
 * lock on the account row so that two adds at the same moment cannot pass the limit together.
 */
export async function createConversionApi(
  db: Database,
  box: SecretBox,
  accountId: string,
  body: CreateConversionApiBody,
): Promise<ConversionApi> {
  return db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    const [existing] = await tx
      .select({ total: count() })
      .from(conversionApis)
      .where(eq(conversionApis.accountId, accountId));
    if ((existing?.total ?? 0) >= MAX_CONVERSION_APIS)
      throw new AppError('quota_exceeded', TOO_MANY_CONVERSION_APIS_TEXT);
    const [row] = await tx
      .insert(conversionApis)
      .values({
        id: crypto.randomUUID(),
        accountId,
        platform: body.platform,
        name: body.name,
        platformId: body.platformId,
        secretEncrypted: box.seal(body.secret),
        testEventCode: body.platform === 'meta' ? (body.testEventCode ?? '') : '',
      })
      .returning(storedColumns);
    if (!row) throw new Error('the conversion API was not stored');
    return shown(box, row);
  });
}

/** A blank secret keeps the saved one; another account's id, or an unknown one, is a 404. */
export async function updateConversionApi(
  db: Database,
  box: SecretBox,
  accountId: string,
  id: string,
  body: UpdateConversionApiBody,
): Promise<ConversionApi> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ platform: conversionApis.platform })
      .from(conversionApis)
      .where(ownedBy(accountId, id))
      .for('update');
    if (!current) throw notFound();
    if (current.platform !== body.platform)
      throw new AppError('validation_failed', PLATFORM_UNCHANGEABLE_TEXT);
    const [row] = await tx
      .update(conversionApis)
      .set({
        name: body.name,
        platformId: body.platformId,
        ...(body.secret ? { secretEncrypted: box.seal(body.secret) } : {}),
        testEventCode: body.platform === 'meta' ? (body.testEventCode ?? '') : '',
        updatedAt: new Date(),
      })
      .where(ownedBy(accountId, id))
      .returning(storedColumns);
    if (!row) throw notFound();
    return shown(box, row);
  });
}

/** What a delivery or a test needs: the platform's ids and the secret, still sealed. */
export interface ConversionApiTarget {
  id: string;
  platform: ConversionPlatform;
  name: string;
  platformId: string;
  testEventCode: string;
  secretEncrypted: string;
}

/** The account's conversion API as it is now, or null when the account has none by that id. */
export async function findConversionApiTarget(
  db: Database,
  accountId: string,
  id: string,
): Promise<ConversionApiTarget | null> {
  const [row] = await db
    .select({
      id: conversionApis.id,
      platform: conversionApis.platform,
      name: conversionApis.name,
      platformId: conversionApis.platformId,
      testEventCode: conversionApis.testEventCode,
      secretEncrypted: conversionApis.secretEncrypted,
    })
    .from(conversionApis)
    .where(ownedBy(accountId, id))
    .limit(1);
  return row ?? null;
}
