import {
  LEADS_CHALLENGE_FILE_TYPE_MESSAGE,
  leadsChallengeFileExtensions,
} from '@quizbeam/contracts/leadsChallenge';
import { AppError } from '../../shared/appError';

type FileExtension = (typeof leadsChallengeFileExtensions)[number];

/** What a Leads Challenge file may be, told by its first bytes, with the extensions its name may have. */
interface FileKind {
  contentType: string;
  extensions: readonly FileExtension[];
  matches(bytes: Buffer): boolean;
}

const startsWith = (bytes: Buffer, prefix: string, offset = 0) =>
  bytes.subarray(offset, offset + prefix.length).equals(Buffer.from(prefix, 'latin1'));

const fileKinds: readonly FileKind[] = [
  { contentType: 'application/pdf', extensions: ['pdf'], matches: (bytes) => startsWith(bytes, '%PDF-') },
  {
    contentType: 'image/png',
    extensions: ['png'],
    matches: (bytes) => startsWith(bytes, '\x89PNG\r\n\x1a\n'),
  },
  {
    contentType: 'image/jpeg',
    extensions: ['jpg', 'jpeg'],
    matches: (bytes) => startsWith(bytes, '\xff\xd8\xff'),
  },
  { contentType: 'image/gif', extensions: ['gif'], matches: (bytes) => startsWith(bytes, 'GIF8') },
  {
    contentType: 'image/webp',
    extensions: ['webp'],
    matches: (bytes) => startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8),
  },
  {
    contentType: 'application/zip',
    extensions: ['zip'],
    matches: (bytes) => startsWith(bytes, 'PK\x03\x04'),
  },
];

export const FILE_FIELD = 'file';
export const FILENAME_FIELD = 'filename';
export const FILE_KEY_FIELD = 'fileKey';

const MAX_FILE_NAME_LENGTH = 200;
const FILE_NAME_MESSAGE = `Please give the file a name of 1 to ${MAX_FILE_NAME_LENGTH} characters ending in .${leadsChallengeFileExtensions.join(', .')}.`;

const invalid = (message: string, field: string) => new AppError('validation_failed', message, {}, { field });

/** The extension after the last dot of a name that has something before it. */
const extensionOf = (fileName: string): FileExtension | null => {
  const dot = fileName.lastIndexOf('.');
  if (dot < 1) return null;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return (leadsChallengeFileExtensions as readonly string[]).includes(extension)
    ? (extension as FileExtension)
    : null;
};

/**
 * The name the file is downloaded under, as the admin's browser sent it: 1 to 200 characters, no path or
 * control characters, ending in an allowed extension.
 */
export function checkFileName(raw: unknown): { fileName: string; extension: FileExtension } {
  const fileName = typeof raw === 'string' ? raw.trim() : '';
  const extension = extensionOf(fileName);
  const hasForbiddenCharacters = /[\\/\p{Cc}]/u.test(fileName);
  if (!fileName || fileName.length > MAX_FILE_NAME_LENGTH || hasForbiddenCharacters || !extension) {
    throw invalid(FILE_NAME_MESSAGE, FILENAME_FIELD);
  }
  return { fileName, extension };
}

/** The file's content type, from its bytes; refused when they are not what its name's extension promises. */
export function sniffContentType(bytes: Buffer, extension: FileExtension): string {
  const kind = fileKinds.find((candidate) => candidate.matches(bytes));
  if (!kind) throw invalid(LEADS_CHALLENGE_FILE_TYPE_MESSAGE, FILE_FIELD);
  if (!kind.extensions.includes(extension)) {
    throw invalid(
      `This file is a ${kind.extensions[0]?.toUpperCase()} file, but its name ends in .${extension}. Please rename it and upload it again.`,
      FILENAME_FIELD,
    );
  }
  return kind.contentType;
}

/**
 * `Content-Disposition` for a download: an ASCII fallback for old clients, and the exact name in
 * RFC 6266's `filename*` (UTF-8, percent-encoded).
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
