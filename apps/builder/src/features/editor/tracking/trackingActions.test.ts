import {
  DUPLICATE_URL_FIELD_TEXT,
  NO_BROWSER_TRACKING,
  URL_FIELD_NAME_TEXT,
} from '@quizbeam/contracts/measurement';
import { quizSchema } from '@quizbeam/contracts/quiz';
import { DEFAULT_URL_FIELDS } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { sampleQuiz } from '../../../test/quizzes';
import {
  addUrlField,
  mapUrlField,
  newUrlFieldProblem,
  removeUrlField,
  resetUrlFields,
  setOwnTracking,
  setUseAccountDefaults,
} from './trackingActions';

describe('the URL field actions', () => {
  it('write the defaults out with the first change, and Reset takes the list away again', () => {
    const quiz = sampleQuiz();
    expect(quiz.urlFields).toBeUndefined();
    const added = addUrlField(quiz, 'ref');
    expect(added.urlFields?.map((field) => field.name)).toEqual([...DEFAULT_URL_FIELDS, 'ref']);
    const removed = removeUrlField(quiz, 'fbclid');
    expect(removed.urlFields?.map((field) => field.name)).toEqual(
      DEFAULT_URL_FIELDS.filter((name) => name !== 'fbclid'),
    );
    const reset = resetUrlFields(added);
    expect('urlFields' in reset).toBe(false);
    expect(quizSchema.safeParse(reset).success).toBe(true);
    // Nothing to reset: the same quiz, so no undo step.
    expect(resetUrlFields(quiz)).toBe(quiz);
  });

  it('change one mapping without touching the other, and leave empty ones out', () => {
    const quiz = sampleQuiz({ urlFields: [{ name: 'ref', serviceField: 'REF', htmlFormField: 'source' }] });
    expect(mapUrlField(quiz, 'ref', { serviceField: 'REFERRER' }).urlFields).toEqual([
      { name: 'ref', serviceField: 'REFERRER', htmlFormField: 'source' },
    ]);
    expect(mapUrlField(quiz, 'ref', { htmlFormField: '' }).urlFields).toEqual([
      { name: 'ref', serviceField: 'REF' },
    ]);
    expect(mapUrlField(quiz, 'gclid', { serviceField: 'X' }).urlFields).toEqual(quiz.urlFields);
  });

  it("refuse a name the contracts refuse, with the contracts' texts", () => {
    const fields = [{ name: 'ref' }];
    expect(newUrlFieldProblem(fields, '')).toBe(URL_FIELD_NAME_TEXT);
    expect(newUrlFieldProblem(fields, 'utm source')).toBe(URL_FIELD_NAME_TEXT);
    expect(newUrlFieldProblem(fields, 'x'.repeat(41))).toBe(URL_FIELD_NAME_TEXT);
    expect(newUrlFieldProblem(fields, 'ref')).toBe(DUPLICATE_URL_FIELD_TEXT);
    expect(newUrlFieldProblem(fields, 'Ref')).toBeNull();
    expect(newUrlFieldProblem(fields, 'partner.id-2_b')).toBeNull();
  });
});

describe('the tracking actions', () => {
  it("write the settings out in full, keeping the quiz's own IDs while it follows the account", () => {
    const own = setOwnTracking(setUseAccountDefaults(sampleQuiz(), false), { gtmContainerId: 'GTM-ABC1234' });
    expect(own.tracking).toEqual({
      useAccountDefaults: false,
      own: { ...NO_BROWSER_TRACKING, gtmContainerId: 'GTM-ABC1234' },
    });
    const following = setUseAccountDefaults(own, true);
    expect(following.tracking).toEqual({ ...own.tracking, useAccountDefaults: true });
    expect(quizSchema.safeParse(following).success).toBe(true);
  });
});
