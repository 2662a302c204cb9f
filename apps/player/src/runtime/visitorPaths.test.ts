import { visitorCompletePath, visitorEventsPath, visitorLeadPath } from '@quizbeam/contracts/visitorEvents';
import { describe, expect, it } from 'vitest';
import { COMPLETE_PATH, EVENTS_PATH, LEADS_PATH } from './visitorPaths';

describe('visitor API paths', () => {
  it('match the contract', () => {
    expect([EVENTS_PATH, COMPLETE_PATH, LEADS_PATH]).toEqual([
      visitorEventsPath,
      visitorCompletePath,
      visitorLeadPath,
    ]);
  });
});
