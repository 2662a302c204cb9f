import { ZAPIER_API_KEY_PREFIX } from '@quizbeam/contracts/zapier';
import type { Database } from '@quizbeam/db/database';
import { zapierApiKeys } from '@quizbeam/db/integrationsSchema';
import { accounts } from '@quizbeam/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { SecretBox } from '../../security/secretBox';
import { hashToken, newToken } from '../../shared/secureTokens';

/** `qbz_` and 32 random bytes, base64url: 256 bits no one guesses. */
export const newZapierApiKey = (): string => `${ZAPIER_API_KEY_PREFIX}${newToken()}`;

/** What is stored and looked up: a request's key is found by this hash, never by comparing keys. */
export const hashZapierApiKey = hashToken;

const storedKey = (box: SecretBox, accountId: string, key: string) => ({
  accountId,
  keyHash: hashZapierApiKey(key),
  keyEncrypted: box.seal(key),
  createdAt: new Date(),
});

const sealedKeyOf = (db: Database, accountId: string) =>
  db
    .select({ keyEncrypted: zapierApiKeys.keyEncrypted })
    .from(zapierApiKeys)
    .where(eq(zapierApiKeys.accountId, accountId));

/**
 * The account's key, made on the first call. Two first calls at once both insert; the later one keeps the
 * earlier's key (on conflict do nothing), and both answer the stored one.
 */
export async function zapierApiKeyOf(db: Database, box: SecretBox, accountId: string): Promise<string> {
  const [existing] = await sealedKeyOf(db, accountId);
  if (existing) return box.open(existing.keyEncrypted);
  await db
    .insert(zapierApiKeys)
    .values(storedKey(box, accountId, newZapierApiKey()))
    .onConflictDoNothing();
  const [stored] = await sealedKeyOf(db, accountId);
  if (!stored) throw new Error('the Zapier API key was not stored');
  return box.open(stored.keyEncrypted);
}

/** A new key in place of the old, which stops working at once. */
export async function regenerateZapierApiKey(
  db: Database,
  box: SecretBox,
  accountId: string,
): Promise<string> {
  const key = newZapierApiKey();
  const row = storedKey(box, accountId, key);
  await db
    .insert(zapierApiKeys)
    .values(row)
    .onConflictDoUpdate({
      target: zapierApiKeys.accountId,
      set: { keyHash: row.keyHash, keyEncrypted: row.keyEncrypted, createdAt: row.createdAt },
    });
  return key;
}

/**
 * The account a key belongs to, or null. Looked up by the key's SHA-256 through a unique index, so the
 * time taken says nothing about how close a wrong key was. A limited account has no Zapier, and a
 * disabled one's key works no more.
 */
export async function accountOfZapierApiKey(db: Database, key: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: zapierApiKeys.accountId })
    .from(zapierApiKeys)
    .innerJoin(accounts, eq(accounts.id, zapierApiKeys.accountId))
    .where(
      and(
        eq(zapierApiKeys.keyHash, hashZapierApiKey(key)),
        eq(accounts.isLimited, false),
        isNull(accounts.disabledAt),
      ),
    );
  return row?.accountId ?? null;
}
