import { updateQuiz } from '@quizbeam/quiz-engine/updateQuiz';
import { describe, expect, it } from 'vitest';
import { sampleTemplate } from '../../../test/templates';
import { renameTemplate, setTemplateFields } from './templateActions';
import { createTemplateEditorStores } from './templateStore';

describe('template editor stores', () => {
  it('changes the template when the quiz view changes its quiz, under one history', () => {
    const { template, quiz } = createTemplateEditorStores(sampleTemplate());
    const originalTitle = quiz.getState().current.title;
    quiz.dispatch((current) => updateQuiz(current, { title: 'Find your dog' }));
    template.dispatch(setTemplateFields({ isExtra: true }));
    expect(template.getState().current.quiz.title).toBe('Find your dog');
    expect(quiz.getState().current).toBe(template.getState().current.quiz);

    quiz.undo();
    expect(template.getState().current.isExtra).toBe(false);
    expect(quiz.getState().current.title).toBe('Find your dog');
    template.undo();
    expect(quiz.getState().current.title).toBe(originalTitle);
    expect(quiz.hasUnsavedChanges()).toBe(false);
    quiz.redo();
    expect(quiz.getState().current.title).toBe('Find your dog');
  });

  it("counts the template's own fields as unsaved changes, seen from the quiz view too", () => {
    const { template, quiz } = createTemplateEditorStores(sampleTemplate());
    template.dispatch(setTemplateFields({ pointOfQuiz: 'Sell more' }));
    expect(quiz.getState().current).toBe(quiz.getState().saved);
    expect(quiz.hasUnsavedChanges()).toBe(true);
    template.dispatch(setTemplateFields({ pointOfQuiz: sampleTemplate().pointOfQuiz }));
    expect(template.hasUnsavedChanges()).toBe(false);
  });

  it('gives the same quiz history object until the template changes', () => {
    const { template, quiz } = createTemplateEditorStores(sampleTemplate());
    const first = quiz.getState();
    expect(quiz.getState()).toBe(first);
    template.dispatch(setTemplateFields({ description: 'New' }));
    expect(quiz.getState()).not.toBe(first);
    expect(quiz.getState().current).toBe(first.current);
  });

  it('ignores a patch that changes nothing, and keeps the quiz name with the template name', () => {
    const { template } = createTemplateEditorStores(sampleTemplate({ categoryId: 'c1' }));
    const before = template.getState();
    template.dispatch(setTemplateFields({ categoryId: 'c1' }));
    expect(template.getState()).toBe(before);
    template.dispatch(renameTemplate('Cat Personality'));
    expect(template.getState().current.quiz.name).toBe('Cat Personality');
    expect(template.getState().current.name).toBe('Cat Personality');
  });

  it("keeps the template's fields when its quiz alone is recorded as saved or replaced", () => {
    const { template, quiz } = createTemplateEditorStores(sampleTemplate());
    template.dispatch(setTemplateFields({ isExtra: true }));
    const stored = { ...quiz.getState().current, title: 'Stored' };
    quiz.markSaved(stored, quiz.getState().current);
    expect(template.getState().saved.quiz).toBe(stored);
    expect(template.getState().current.isExtra).toBe(true);
    quiz.replace({ ...stored, title: 'Fresh' });
    expect(template.getState().current.quiz.title).toBe('Fresh');
    expect(template.getState().current.isExtra).toBe(false);
    expect(template.hasUnsavedChanges()).toBe(false);
  });
});
