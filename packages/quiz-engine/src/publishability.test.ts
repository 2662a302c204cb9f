import type { Quiz } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_OUTCOME_TEXT,
  INVALID_CTA_LINK_TEXT,
  INVALID_PRIVACY_POLICY_URL_TEXT,
  INVALID_REDIRECT_URL_TEXT,
  incompleteItems,
  isPublishable,
} from './publishability';
import { buildQuiz } from './testing/quizzes';

const image = {
  id: 'i',
  accountId: 'a',
  filename: 'f.png',
  s3Key: 'k',
  url: 'https://img.test/f.png',
  width: 1,
  height: 1,
};

describe('isPublishable', () => {
  it('needs at least one question and one outcome', () => {
    const empty = buildQuiz({}).quiz;
    expect(isPublishable(empty)).toBe(false);
    const noOutcome = buildQuiz({ questions: [{ answers: [{}] }] }).quiz;
    expect(incompleteItems(noOutcome)).toEqual([]);
    expect(isPublishable(noOutcome)).toBe(false);
  });

  it('accepts a complete scored quiz and a complete general quiz', () => {
    const scored = buildQuiz({
      questions: [{ answers: [{ points: 1 }, {}] }],
      outcomes: [{ from: 0, to: 1 }],
    }).quiz;
    expect(incompleteItems(scored)).toEqual([]);
    expect(isPublishable(scored)).toBe(true);
    const general = buildQuiz({
      type: 'general',
      outcomes: ['A', 'B'],
      questions: [{ answers: [{ outcome: 0 }, { outcome: 1 }] }, { answers: [{}, {}] }],
    }).quiz;
    expect(incompleteItems(general)).toEqual([]);
    expect(isPublishable(general)).toBe(true);
  });

  it('refuses a quiz with an incomplete item', () => {
    const { quiz } = buildQuiz({
      questions: [{ text: ' ', answers: [{}] }],
      outcomes: [{ from: null, to: 3 }],
    });
    expect(isPublishable(quiz)).toBe(false);
  });
});

describe('incompleteItems', () => {
  it('flags a question without text or without answers', () => {
    const { quiz, q } = buildQuiz({ questions: [{ text: '' }], outcomes: [{ from: 0, to: 0 }] });
    expect(incompleteItems(quiz)).toEqual([
      {
        kind: 'question',
        id: q[0],
        rank: 1,
        reasons: ['Enter the question text.', 'Add at least one answer.'],
      },
    ]);
  });

  it('flags a text answer without text and an image answer without image', () => {
    const { quiz } = buildQuiz({
      questions: [{ answers: [{ text: '' }, { text: 'ok' }] }, { answers: [{}, {}] }],
      outcomes: [{ from: 0, to: 0 }],
    });
    const imageQuestion = quiz.questions[1];
    if (!imageQuestion) throw new Error('missing question');
    const withImages = {
      ...quiz,
      questions: quiz.questions.with(1, {
        ...imageQuestion,
        type: 'image_single_list' as const,
        answers: imageQuestion.answers.map((answer, index) => ({
          ...answer,
          text: '',
          image: index === 0 ? image : null,
        })),
      }),
    };
    expect(incompleteItems(withImages).map((item) => item.reasons)).toEqual([
      ['Answer 1 has no text.'],
      ['Answer 2 has no image.'],
    ]);
  });

  it('flags a general-quiz answer without outcome when a respondent can finish without one', () => {
    const { quiz } = buildQuiz({
      type: 'general',
      outcomes: ['A'],
      questions: [{ answers: [{ outcome: 0 }, {}] }, { answers: [{}, { outcome: 0 }] }],
    });
    expect(incompleteItems(quiz)).toEqual([
      expect.objectContaining({
        rank: 1,
        reasons: [
          'Answer 2 has no outcome, and a respondent can finish without picking any answer that has one.',
        ],
      }),
      expect.objectContaining({
        rank: 2,
        reasons: [
          'Answer 1 has no outcome, and a respondent can finish without picking any answer that has one.',
        ],
      }),
    ]);
    // Scored quizzes and quizzes without outcomes do not check outcome links.
    expect(incompleteItems({ ...quiz, type: 'scored', outcomes: [] })).toEqual([]);
  });

  it('flags a rule pointing at a missing question', () => {
    const { quiz } = buildQuiz({
      questions: [{ to: 7, answers: [{ to: 9 }, {}] }],
      outcomes: [{ from: 0, to: 0 }],
    });
    expect(incompleteItems(quiz)[0]?.reasons).toEqual([
      'The question’s next step points at a question that no longer exists.',
      'Answer 1’s next step points at a question that no longer exists.',
    ]);
  });

  it('flags a scored outcome without a complete interval', () => {
    const { quiz, o } = buildQuiz({
      questions: [{ answers: [{}] }],
      outcomes: [
        { from: 0, to: null },
        { from: 1, to: 2 },
        { from: null, to: null },
      ],
    });
    const inverted = {
      ...quiz,
      outcomes: quiz.outcomes.map((outcome, index) =>
        index === 1 ? { ...outcome, scoreRange: { from: 5, to: 2 } } : outcome,
      ),
    };
    expect(incompleteItems(inverted)).toEqual([
      { kind: 'outcome', id: o[0], rank: 1, reasons: ['Set both ends of the score interval.'] },
      { kind: 'outcome', id: o[1], rank: 2, reasons: ['The score interval ends before it starts.'] },
      { kind: 'outcome', id: o[2], rank: 3, reasons: ['Set both ends of the score interval.'] },
    ]);
    // General quizzes have no score intervals.
    expect(incompleteItems({ ...quiz, type: 'general' }).filter((item) => item.kind === 'outcome')).toEqual(
      [],
    );
  });

  it('flags a text outcome with neither a title nor a description, whatever the quiz type', () => {
    const { quiz, o } = buildQuiz({
      type: 'general',
      questions: [{ answers: [{ outcome: 0 }, { outcome: 1 }, { outcome: 2 }] }],
      outcomes: ['A', 'B', 'C'],
    });
    const outcomes = quiz.outcomes.map((outcome, index) =>
      index === 0
        ? { ...outcome, name: ' ', descriptions: ['', ' \n '] }
        : index === 1
          ? { ...outcome, name: '', descriptions: ['', 'Only the alternate says something.'] }
          : outcome,
    );
    expect(incompleteItems({ ...quiz, outcomes })).toEqual([
      { kind: 'outcome', id: o[0], rank: 1, reasons: [EMPTY_OUTCOME_TEXT] },
    ]);
    expect(EMPTY_OUTCOME_TEXT).toBe('Add a title or a description, so visitors see a result.');
    const scored = buildQuiz({ questions: [{ answers: [{}] }], outcomes: [{ from: 0, to: 0 }] }).quiz;
    const untitled = { ...scored, outcomes: scored.outcomes.map((outcome) => ({ ...outcome, name: '' })) };
    expect(incompleteItems(untitled)[0]?.reasons).toEqual([EMPTY_OUTCOME_TEXT]);
    expect(isPublishable(untitled)).toBe(false);
  });

  it('flags a redirect URL, an enabled CTA link and privacy policy URLs that visitors cannot follow', () => {
    const { quiz, o } = buildQuiz({
      type: 'general',
      questions: [{ answers: [{ outcome: 0 }, { outcome: 1 }] }],
      outcomes: ['Shop', 'Advice'],
    });
    const withLinks = (redirect: string, ctaUrl: string, privacyPolicyUrl: string): Quiz => ({
      ...quiz,
      leadCaptureSettings: {
        ...quiz.leadCaptureSettings,
        enabled: true,
        usePerOutcomeSettings: true,
        privacyPolicyUrl,
      },
      outcomes: quiz.outcomes.map((outcome, index) =>
        index === 0
          ? { ...outcome, type: 'redirect' as const, redirect }
          : {
              ...outcome,
              enableCta: true,
              ctaButtonText: 'Book a call',
              ctaUrl,
              leadCaptureSettings: { ...outcome.leadCaptureSettings, privacyPolicyUrl },
            },
      ),
    });
    for (const bad of [
      'example.com/offer',
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://example.com/x',
    ]) {
      expect(incompleteItems(withLinks(bad, bad, bad)), bad).toEqual([
        { kind: 'capture_form', id: 0, rank: 0, reasons: [INVALID_PRIVACY_POLICY_URL_TEXT] },
        { kind: 'outcome', id: o[0], rank: 1, reasons: [INVALID_REDIRECT_URL_TEXT] },
        {
          kind: 'outcome',
          id: o[1],
          rank: 2,
          reasons: [INVALID_CTA_LINK_TEXT, INVALID_PRIVACY_POLICY_URL_TEXT],
        },
      ]);
    }
    expect(INVALID_REDIRECT_URL_TEXT).toBe('Enter a valid redirect URL, starting with http:// or https://.');
    const good = withLinks(
      'https://example.com/offer',
      'http://example.com/call',
      'https://example.com/privacy',
    );
    expect(isPublishable(good)).toBe(true);
    // An empty CTA link or privacy policy URL shows no link, so it is not an error.
    expect(isPublishable(withLinks('https://example.com/offer', '', ''))).toBe(true);
    // Addresses that are not used do not block: CTA off, lead capture off, per-outcome settings off.
    const unused = withLinks('https://example.com/offer', 'javascript:x', 'javascript:x');
    expect(
      isPublishable({
        ...unused,
        leadCaptureSettings: { ...unused.leadCaptureSettings, enabled: false },
        outcomes: unused.outcomes.map((outcome) => ({ ...outcome, enableCta: false })),
      }),
    ).toBe(true);
    expect(
      incompleteItems({
        ...unused,
        leadCaptureSettings: { ...unused.leadCaptureSettings, usePerOutcomeSettings: false },
      }).map((item) => item.reasons),
    ).toEqual([[INVALID_PRIVACY_POLICY_URL_TEXT], [INVALID_CTA_LINK_TEXT]]);
  });

  it('flags a redirect outcome without a URL', () => {
    const { quiz } = buildQuiz({
      type: 'general',
      questions: [{ answers: [{ outcome: 0 }] }],
      outcomes: ['A'],
    });
    const redirect = {
      ...quiz,
      outcomes: quiz.outcomes.map((outcome) => ({ ...outcome, type: 'redirect' as const, redirect: ' ' })),
    };
    expect(incompleteItems(redirect)[0]?.reasons).toEqual(['Enter the redirect URL.']);
    const filled = {
      ...redirect,
      outcomes: redirect.outcomes.map((outcome) => ({ ...outcome, redirect: 'https://x.test' })),
    };
    expect(isPublishable(filled)).toBe(true);
  });
});
