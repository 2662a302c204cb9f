import type { UrlField } from '@quizbeam/contracts/measurement';
import type { LeadCaptureSettings, Quiz } from '@quizbeam/contracts/quiz';
import { leads } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { liveSnapshotIdOf, PUBLISH_ORIGIN, storedScoredQuiz, visitorOf } from './publishing';
import type { SignedInAccount, TestApp } from './testApp';

/** What the page sends of its address with a lead; without `urlFields`: a page from before them. */
export interface SentUrlFields {
  urlFields?: Record<string, string>;
  urlFieldsCut?: string[];
  /** The query the page's address had ('' for none). */
  query?: string;
}

export interface UrlFieldQuiz {
  quiz: Quiz;
  /** Posts a lead as a visitor's page does, with what it read of its address; answers the lead's id. */
  postLead(email: string, sent?: SentUrlFields): Promise<string>;
}

/** A scored quiz keeping `urlFields` (absent: the defaults), published with capture on and `settings`. */
export async function publishUrlFieldQuiz(
  t: TestApp,
  account: SignedInAccount,
  urlFields: UrlField[] | undefined,
  settings: Partial<LeadCaptureSettings> = {},
): Promise<UrlFieldQuiz> {
  const { quiz, q, a } = await storedScoredQuiz(account.call);
  const withFields: Quiz = {
    ...quiz,
    ...(urlFields ? { urlFields } : {}),
    leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, ...settings },
  };
  const published = await account.call(
    'POST',
    `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`,
    withFields,
  );
  expect(published.statusCode).toBe(200);
  const snapshotId = await liveSnapshotIdOf(t, quiz.id);
  const visitor = visitorOf(t);
  return {
    quiz,
    async postLead(email, sent = {}) {
      const visitId = `visit-${crypto.randomUUID()}`;
      const answered = await visitor('POST', '/_q/leads', {
        snapshotId,
        visitId,
        answers: [0, 1, 2].map((index) => ({ questionId: q[index], answerId: a[index]?.[1] })),
        email,
        name: 'Ada Lovelace',
        consent: false,
        pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}${sent.query ? `?${sent.query}` : ''}`,
        ...(sent.urlFields && { urlFields: sent.urlFields }),
        ...(sent.urlFieldsCut && { urlFieldsCut: sent.urlFieldsCut }),
      });
      expect(answered.statusCode).toBe(200);
      const [lead] = await t.database.db
        .select({ id: leads.id })
        .from(leads)
        .where(eq(leads.visitId, visitId));
      if (!lead) throw new Error('the lead was not stored');
      return lead.id;
    },
  };
}

/** The lead's row as stored: its URL fields and the names cut. */
export async function storedUrlFieldsOf(t: TestApp, leadId: string) {
  const [row] = await t.database.db
    .select({ urlFields: leads.urlFields, urlFieldsCut: leads.urlFieldsCut })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!row) throw new Error('no such lead');
  return row;
}
