import { describe, expect, it, vi } from 'vitest';
import { emitQuizEvent, QUIZ_EVENT_TYPE } from './quizEvents';

describe('emitQuizEvent', () => {
  it('dispatches a quizbeam DOM event on the page with the event’s name and data', () => {
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    addEventListener(QUIZ_EVENT_TYPE, listener);
    emitQuizEvent('question_answered', { questionNumber: 2, questionType: 'single_list' });
    emitQuizEvent('quiz_view');
    removeEventListener(QUIZ_EVENT_TYPE, listener);
    expect(heard).toEqual([
      { event: 'question_answered', questionNumber: 2, questionType: 'single_list' },
      { event: 'quiz_view' },
    ]);
  });

  it('posts each event to the embedding page when the quiz is framed, and to no one otherwise', () => {
    const own = vi.spyOn(window, 'postMessage');
    emitQuizEvent('quiz_start');
    expect(own).not.toHaveBeenCalled();
    const parent = { postMessage: vi.fn() };
    const ownParent = Object.getOwnPropertyDescriptor(window, 'parent');
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
    try {
      emitQuizEvent('lead_submitted', { eventId: 'lead.abc' });
    } finally {
      if (ownParent) Object.defineProperty(window, 'parent', ownParent);
      else Reflect.deleteProperty(window, 'parent');
      own.mockRestore();
    }
    expect(parent.postMessage).toHaveBeenCalledWith(
      { source: 'quizbeam', type: 'event', event: 'lead_submitted', data: { eventId: 'lead.abc' } },
      '*',
    );
  });
});
