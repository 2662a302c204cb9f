import type { Readable } from 'node:stream';
import type { Database } from '@quizbeam/db/database';
import { type EntryData, ZipArchive } from 'archiver';
import type { Config } from '../../../config/env';
import { analyticsCsvStream } from '../../analytics/analyticsCsv';
import type { DayRange } from '../../analytics/analyticsRange';
import { accountFile, domainsFile, integrationsFile } from './accountFacts';
import { accountLeadsCsvStream } from './accountLeadsCsv';
import { exportedQuizzes } from './exportedQuizzes';

export interface AccountExportDeps {
  db: Database;
  config: Pick<Config, 'publishUrl' | 'imageQuotaBytes'>;
}

interface ExportEntry {
  name: string;
  source: Readable | string;
}

/** Before the first visit any quiz can have, so that the responses CSV covers all time. */
const FIRST_DAY = '1970-01-01';

const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/*
 * The files in the order they are written. A generator, so each file's rows are read only when the archive
 * has taken the file before it: one file is read at a time, a page at a time.
 */
async function* exportEntries(
  { db, config }: AccountExportDeps,
  accountId: string,
  exportedAt: Date,
): AsyncGenerator<ExportEntry> {
  yield { name: 'account.json', source: jsonText(await accountFile(db, config, accountId, exportedAt)) };
  yield { name: 'domains.json', source: jsonText(await domainsFile(db, accountId)) };
  yield { name: 'integrations.json', source: jsonText(await integrationsFile(db, accountId)) };
  const allTime: DayRange = { from: FIRST_DAY, to: exportedAt.toISOString().slice(0, 10) };
  for await (const { file, quiz } of exportedQuizzes(db, config, accountId)) {
    yield { name: `quizzes/${file.id}.json`, source: jsonText(file) };
    // The stream reports its failure by ending with it, which reaches the archive.
    if (quiz) {
      yield {
        name: `analytics/${file.id}.csv`,
        source: analyticsCsvStream(db, quiz, allTime, undefined, () => {}),
      };
    }
  }
  yield { name: 'leads.csv', source: accountLeadsCsvStream(db, accountId) };
}

/** A reader that went away: what the routes already leave out of their error log. */
function closedEarly(): Error {
  return Object.assign(new Error('The reader closed the export before it ended.'), {
    code: 'ERR_STREAM_PREMATURE_CLOSE',
  });
}

/** Adds one file and waits until the archive has taken all of it (or fails, or its reader goes away). */
function appendEntry(archive: ZipArchive, entry: ExportEntry, date: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    // Gone while the next file was being read: its close has already been and gone.
    if (archive.destroyed) {
      if (typeof entry.source !== 'string') entry.source.destroy();
      return reject(closedEarly());
    }
    const finish = (error?: Error) => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      archive.off('close', onClose);
      if (!error) return resolve();
      if (typeof entry.source !== 'string') entry.source.destroy();
      reject(error);
    };
    const onEntry = (data: EntryData) => {
      if (data.name === entry.name) finish();
    };
    const onError = (error: Error) => finish(error);
    const onClose = () => finish(closedEarly());
    archive.on('entry', onEntry);
    archive.on('error', onError);
    archive.on('close', onClose);
    archive.append(entry.source, { name: entry.name, date });
  });
}

/**
 * The account's export as a zip, streamed: the files are added one after the other as the reader takes the
 * bytes, so memory stays flat whatever the account holds. A failure midway (or a reader that leaves) stops
 * it: the zip then never gets its central directory, so no one mistakes a cut file for a whole one.
 */
export function accountExportArchive(
  deps: AccountExportDeps,
  accountId: string,
  exportedAt: Date,
  onError: (error: unknown) => void,
): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  // Failures are reported through onError; an error event with nobody left to hear it must not stop the process.
  archive.on('error', () => {});
  (async () => {
    for await (const entry of exportEntries(deps, accountId, exportedAt)) {
      await appendEntry(archive, entry, exportedAt);
    }
    // Not awaited: it settles only once the reader has taken the last byte, and never if it goes away.
    archive.finalize().catch(() => {});
  })().catch((error: unknown) => {
    onError(error);
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}
