import { LEADS_CHALLENGE_FILE_TYPE_MESSAGE } from '@quizbeam/contracts/leadsChallenge';
import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../../http/httpStatus';
import type { AppError } from '../../shared/appError';
import { leadsChallengeFileFixtures } from '../../testing/leadsChallengeSamples';
import { attachmentDisposition, checkFileName, sniffContentType } from './leadsChallengeFiles';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const appError = error as AppError;
    return { status: httpStatusOf(appError.code), message: appError.message, field: appError.details.field };
  }
  throw new Error('expected a refusal');
};

describe('Leads Challenge files', () => {
  it('tells each allowed type by its first bytes', () => {
    const { pdf, png, jpeg, gif, webp, zip } = leadsChallengeFileFixtures;
    expect(sniffContentType(pdf, 'pdf')).toBe('application/pdf');
    expect(sniffContentType(png, 'png')).toBe('image/png');
    expect(sniffContentType(jpeg, 'jpg')).toBe('image/jpeg');
    expect(sniffContentType(jpeg, 'jpeg')).toBe('image/jpeg');
    expect(sniffContentType(gif, 'gif')).toBe('image/gif');
    expect(sniffContentType(webp, 'webp')).toBe('image/webp');
    expect(sniffContentType(zip, 'zip')).toBe('application/zip');
  });

  it('refuses anything else, and bytes that are not what the name says', () => {
    const { exe, text, pdf } = leadsChallengeFileFixtures;
    for (const bytes of [exe, text, Buffer.alloc(0), Buffer.from('RIFF0000WAVE')]) {
      expect(failure(() => sniffContentType(bytes, 'pdf'))).toEqual({
        status: 400,
        message: LEADS_CHALLENGE_FILE_TYPE_MESSAGE,
        field: 'file',
      });
    }
    expect(failure(() => sniffContentType(pdf, 'zip'))).toMatchObject({ status: 400, field: 'filename' });
  });

  it('accepts names of 1 to 200 characters with an allowed extension, and nothing else', () => {
    expect(checkFileName(' Résumé 2026.PDF ')).toEqual({ fileName: 'Résumé 2026.PDF', extension: 'pdf' });
    expect(checkFileName(`${'a'.repeat(196)}.zip`).extension).toBe('zip');
    for (const name of [
      undefined,
      ['a.pdf', 'b.pdf'],
      '',
      '.pdf.exe',
      'setup.exe',
      'notes.txt',
      'pdf',
      '.pdf',
      `${'a'.repeat(197)}.zip`,
      '../secret.pdf',
      'a\\b.pdf',
      'line\nbreak.pdf',
    ]) {
      expect([name, failure(() => checkFileName(name)).field]).toEqual([name, 'filename']);
    }
  });

  it('names the download in RFC 6266 form with an ASCII fallback', () => {
    expect(attachmentDisposition('guide.pdf')).toBe(
      `attachment; filename="guide.pdf"; filename*=UTF-8''guide.pdf`,
    );
    expect(attachmentDisposition('Résumé "final" (1).pdf')).toBe(
      `attachment; filename="R_sum_ _final_ (1).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%281%29.pdf`,
    );
  });
});
