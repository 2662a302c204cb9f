import { VISITOR_TEXT_KEYS } from '@quizbeam/contracts/quizLanguage';
import { expect, it } from 'vitest';
import { VISITOR_TEXT_GROUPS } from './visitorTextGroups';

it('lists every text visitors see exactly once', () => {
  const listed = VISITOR_TEXT_GROUPS.flatMap((group) => group.keys);
  expect([...listed].sort()).toEqual([...VISITOR_TEXT_KEYS].sort());
});
