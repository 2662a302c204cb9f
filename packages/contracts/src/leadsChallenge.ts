import { z } from 'zod';
import { endpoint, fileAnswer, idParam, okResponseSchema, pathOf } from './endpoint';

/*
 * The Leads Challenge download page (not for limited accounts: 404 for them). Admins manage its items in
 * the console: a title, a description and one file (PDF, image or zip) stored through the image/file
 * storage. The upload's body is the file's raw bytes (any content type; at most LEADS_CHALLENGE_MAX_BYTES,
 * else 413); its first bytes must be a PDF, PNG, JPEG, GIF, WebP or zip (else 400 with
 * LEADS_CHALLENGE_FILE_TYPE_MESSAGE). A download is answered as an attachment.
 */

export const LEADS_CHALLENGE_MAX_BYTES = 25 * 1024 * 1024;
export const LEADS_CHALLENGE_FILE_TYPE_MESSAGE =
  'Upload a PDF, an image (PNG, JPEG, GIF or WebP) or a zip file.';
export const LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE = 'That file is larger than 25 MB.';
export const leadsChallengeFileExtensions = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'zip'] as const;

export const leadsChallengeUploadSchema = z.object({
  /** Names the stored file for an item; valid for one item, for a day. */
  fileKey: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type LeadsChallengeUpload = z.infer<typeof leadsChallengeUploadSchema>;

export const uploadLeadsChallengeFileEndpoint = endpoint({
  method: 'PUT',
  path: '/api/admin/leads-challenge/files',
  access: 'admin',
  summary:
    'Upload the file of a Leads Challenge download (admins): the body is its raw bytes, whatever the Content-Type; its first bytes decide its type',
  query: z.object({ filename: z.string() }),
  bodyFormat: 'bytes',
  maxBodyBytes: LEADS_CHALLENGE_MAX_BYTES,
  response: leadsChallengeUploadSchema,
});

export const downloadLeadsChallengeFileEndpoint = endpoint({
  method: 'GET',
  path: '/api/leads-challenge/:id/download',
  access: 'user',
  summary: 'Download the file of a Leads Challenge download, as an attachment (not for limited accounts)',
  params: z.object({ id: idParam }),
  response: fileAnswer,
});

export const leadsChallengeUploadPath = uploadLeadsChallengeFileEndpoint.path;
export const leadsChallengeDownloadPath = (itemId: string) =>
  pathOf(downloadLeadsChallengeFileEndpoint, { id: itemId });

export const leadsChallengeItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Where the browser downloads it (leadsChallengeDownloadPath). */
  downloadUrl: z.string(),
  createdAt: z.string(),
});
export type LeadsChallengeItem = z.infer<typeof leadsChallengeItemSchema>;

const title = z.string().trim().min(1, 'Please enter a title.').max(200);
const description = z.string().trim().max(2_000);

export const createLeadsChallengeItemBodySchema = z.object({
  title,
  description,
  fileKey: z.string().min(1).max(300),
});
export const updateLeadsChallengeItemBodySchema = z.object({
  title,
  description,
  /** A new file replaces the old one (which is then removed from storage). */
  fileKey: z.string().min(1).max(300).optional(),
});

export const listLeadsChallengeEndpoint = endpoint({
  method: 'GET',
  path: '/api/leads-challenge',
  access: 'user',
  summary: 'The Leads Challenge downloads, in the order admins added them (not for limited accounts)',
  response: z.array(leadsChallengeItemSchema),
});

export const createLeadsChallengeItemEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/leads-challenge',
  access: 'admin',
  summary: 'Add a Leads Challenge download (admins)',
  body: createLeadsChallengeItemBodySchema,
  successStatus: 201,
  response: leadsChallengeItemSchema,
});

const itemParams = z.object({ id: idParam });

export const updateLeadsChallengeItemEndpoint = endpoint({
  method: 'PUT',
  path: '/api/admin/leads-challenge/:id',
  access: 'admin',
  summary: 'Change a Leads Challenge download (admins)',
  params: itemParams,
  body: updateLeadsChallengeItemBodySchema,
  response: leadsChallengeItemSchema,
});

export const deleteLeadsChallengeItemEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/leads-challenge/:id',
  access: 'admin',
  summary: 'Remove a Leads Challenge download and its file (admins)',
  params: itemParams,
  response: okResponseSchema,
});
