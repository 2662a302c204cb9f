import {
  visitorCompleteEndpoint,
  visitorEventsBodySchema,
  visitorEventsEndpoint,
  visitorLeadEndpoint,
} from '@quizbeam/contracts/visitorEvents';
import { describe, expect, it } from 'vitest';
import { COMPLETE_PATH, EVENTS_PATH, LEADS_PATH, MAX_EVENTS_PER_REQUEST } from './visitorPaths';

describe('visitor API paths', () => {
  it('match the declarations', () => {
    expect([EVENTS_PATH, COMPLETE_PATH, LEADS_PATH]).toEqual([
      visitorEventsEndpoint.path,
      visitorCompleteEndpoint.path,
      visitorLeadEndpoint.path,
    ]);
    const events = (count: number) => Array.from({ length: count }, () => ({ type: 'visit' }));
    const body = (count: number) => ({
      snapshotId: crypto.randomUUID(),
      visitId: 'visit-aaaaaaaaaaaaaaaa',
      events: events(count),
    });
    expect(visitorEventsBodySchema.safeParse(body(MAX_EVENTS_PER_REQUEST)).success).toBe(true);
    expect(visitorEventsBodySchema.safeParse(body(MAX_EVENTS_PER_REQUEST + 1)).success).toBe(false);
  });
});
