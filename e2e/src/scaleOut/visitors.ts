import type { Quiz } from '@quizbeam/contracts/quiz';
import { postJson, sendHttp, type Target } from './httpClient';

/**
 * Each visitor comes from an address of their own (the visitor API limits each address), named in
 * X-Forwarded-For as a browser's request arrives through the proxies in front of the balancer.
 */
export const visitorAddress = (index: number) =>
  `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** What a visitor's browser reads from a published page: the live snapshot and a path through the quiz. */
export interface LiveQuiz {
  slug: string;
  snapshotId: string;
  answers: { questionId: number; answerId: number }[];
}

/** The live snapshot named by the page the publish host serves for `quiz`. */
export async function liveQuizOf(site: Target, quiz: Quiz): Promise<LiveQuiz> {
  const slug = quiz.publishedId ?? '';
  const page = await sendHttp(site, 'GET', `/${slug}`);
  const snapshotId = page.body.match(/"snapshotId":"([0-9a-f-]{36})"/)?.[1];
  if (page.status !== 200 || !snapshotId) throw new Error(`no live page at /${slug}: ${page.status}`);
  const answers = quiz.questions.map((question) => ({
    questionId: question.id,
    answerId: question.answers[0]?.id ?? 0,
  }));
  return { slug, snapshotId, answers };
}

export const visitIdOf = (label: string, index: number) => `${label}-${String(index).padStart(12, '0')}`;

/** The status a visitor's lead post got (0: the connection failed), as the capture form would send it. */
export async function postLead(
  site: Target,
  quiz: LiveQuiz,
  visitor: { visitId: string; email: string; address: string },
): Promise<number> {
  const body = {
    snapshotId: quiz.snapshotId,
    visitId: visitor.visitId,
    answers: quiz.answers,
    email: visitor.email,
    name: 'Ada Lovelace',
    consent: true,
    pageUrl: `http://${site.host}/${quiz.slug}?utm_source=scale-out`,
  };
  const answer = await postJson(site, '/_q/leads', body, { 'x-forwarded-for': visitor.address }).catch(
    () => null,
  );
  return answer?.status ?? 0;
}

/** The status of a visitor's events post (0: the connection failed): shown, started, answered. */
export async function postEvents(
  site: Target,
  quiz: LiveQuiz,
  visitor: { visitId: string; address: string },
): Promise<number> {
  const body = {
    snapshotId: quiz.snapshotId,
    visitId: visitor.visitId,
    events: [
      { type: 'visit', utmSource: 'scale-out' },
      { type: 'start' },
      ...quiz.answers.flatMap(({ questionId, answerId }) => [
        { type: 'shown', questionId },
        { type: 'answer', questionId, answerId },
      ]),
      { type: 'capture' },
    ],
  };
  const answer = await postJson(site, '/_q/events', body, { 'x-forwarded-for': visitor.address }).catch(
    () => null,
  );
  return answer?.status ?? 0;
}

/**
 * Starts `send(index)` for `count` indexes at a steady `perSecond` (an open loop: a slow answer never holds
 * the next one back, as with real visitors) and resolves with every result, in index order.
 */
export async function atSteadyRate<T>(
  count: number,
  perSecond: number,
  send: (index: number) => Promise<T>,
): Promise<T[]> {
  const startedAt = performance.now();
  const pending: Promise<T>[] = [];
  for (let index = 0; index < count; index += 1) {
    const wait = startedAt + (index * 1000) / perSecond - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(index));
  }
  return Promise.all(pending);
}
