import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/appContext';
import { accountExportArchive } from './accountExport/accountExportArchive';
import type { ExportedAccount } from './accountExport/accountFacts';
import { accountExportDisposition } from './accountExport/exportFileName';

/** A reader that goes away mid-download is not a failure of ours. */
const isClosedEarly = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE';

/**
 * Answers with the account's export, a zip streamed as it is read (sent as it is, past the response schema).
 * The caller has counted it against the account's hourly limit (accountExport/exportLimit).
 */
export function sendAccountExport(
  context: AppContext,
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  account: ExportedAccount,
): FastifyReply {
  const exportedAt = new Date();
  const zip = accountExportArchive(context, account.id, exportedAt, (error) => {
    if (!isClosedEarly(error)) request.log.error({ err: error }, 'account data export failed');
  });
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', accountExportDisposition(account.name, exportedAt))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(zip);
}
