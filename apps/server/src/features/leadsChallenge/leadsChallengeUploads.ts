import type { LeadsChallengeUpload } from '@quizbeam/contracts/leadsChallenge';
import { z } from 'zod';
import { AppError } from '../../shared/appError';
import type { ImageStorage } from '../../storage/imageStorage';
import { FILE_KEY_FIELD } from './leadsChallengeFiles';

/*
 * An upload is stored at once under a fresh random folder, `leads-challenge/{uuid}/file.{ext}`, with an
 * `upload.json` beside it recording what the upload checked. The file key is the only handle on it, handed
 * to the admin who uploaded it; an item may take it within a day, once: the item then keeps what the
 * record says and the record is removed.
 */

const UPLOAD_VALIDITY_MS = 24 * 60 * 60 * 1000;
const UPLOAD_RECORD_MAX_BYTES = 16 * 1024;
const FILE_KEY =
  /^(leads-challenge\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/file\.[a-z]{3,4}$/;

const uploadRecordSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.iso.datetime(),
  uploadedBy: z.string(),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

/** Where the upload record of a file key is; null for anything an upload could not have issued. */
function recordKeyOf(fileKey: string): string | null {
  const folder = FILE_KEY.exec(fileKey)?.[1];
  return folder ? `${folder}/upload.json` : null;
}

const uploadNotFound = () =>
  new AppError(
    'validation_failed',
    'The uploaded file was not found or has expired. Please upload the file again.',
    {},
    { field: FILE_KEY_FIELD },
  );

/** Stores an upload whose name and bytes were checked, and answers its file key. */
export async function storeUpload(
  storage: ImageStorage,
  upload: { bytes: Buffer; fileName: string; extension: string; contentType: string; uploadedBy: string },
): Promise<LeadsChallengeUpload> {
  const folder = `leads-challenge/${crypto.randomUUID()}`;
  const fileKey = `${folder}/file.${upload.extension}`;
  const record: UploadRecord = {
    fileName: upload.fileName,
    contentType: upload.contentType,
    size: upload.bytes.length,
    uploadedAt: new Date().toISOString(),
    uploadedBy: upload.uploadedBy,
  };
  // The file first: a record is only ever beside a whole file.
  await storage.writeFile(fileKey, { bytes: upload.bytes, contentType: upload.contentType });
  await storage.writeFile(`${folder}/upload.json`, {
    bytes: Buffer.from(JSON.stringify(record)),
    contentType: 'application/json',
  });
  return { fileKey, fileName: record.fileName, contentType: record.contentType, size: record.size };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What an upload not yet taken by an item recorded; a 400 naming fileKey when there is none or it expired. */
export async function readPendingUpload(storage: ImageStorage, fileKey: string): Promise<UploadRecord> {
  const recordKey = recordKeyOf(fileKey);
  if (!recordKey) throw uploadNotFound();
  const stored = await storage.readFile(recordKey, UPLOAD_RECORD_MAX_BYTES);
  if (!stored) throw uploadNotFound();
  const record = uploadRecordSchema.safeParse(parseJson(stored.bytes.toString('utf8')));
  if (!record.success) throw uploadNotFound();
  if (Date.now() - Date.parse(record.data.uploadedAt) > UPLOAD_VALIDITY_MS) throw uploadNotFound();
  return record.data;
}

/** Once an item has taken the upload, its record goes: the key cannot be taken again. */
export async function forgetPendingUpload(storage: ImageStorage, fileKey: string): Promise<void> {
  const recordKey = recordKeyOf(fileKey);
  if (recordKey) await storage.remove(recordKey);
}

/** Removes a stored file and whatever record is left of its upload (the record first). */
export async function removeStoredFile(storage: ImageStorage, fileKey: string): Promise<void> {
  await forgetPendingUpload(storage, fileKey);
  await storage.remove(fileKey);
}
