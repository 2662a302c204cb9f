import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { sortableAnnouncements } from './sortableAnnouncements';

const ids = [10, 20, 30];
const announcements = () =>
  sortableAnnouncements(
    (id) => `Answer ${ids.indexOf(id) + 1}`,
    (id) => ids.indexOf(id),
    () => ids.length,
  );
const active = (id: number) => ({ id }) as unknown as Active;
const over = (id: number) => ({ id }) as unknown as Over;

describe('what screen readers hear while dragging', () => {
  it('names items by position, never by id, and keeps "Picked up" from being cut short', () => {
    const say = announcements();
    expect(say.onDragStart({ active: active(30) })).toBe('Picked up Answer 3, at position 3 of 3.');
    expect(say.onDragOver({ active: active(30), over: over(30) })).toBeUndefined();
    expect(say.onDragOver({ active: active(30), over: over(20) })).toBe('Answer 3 is over position 2 of 3.');
    expect(say.onDragOver({ active: active(30), over: over(30) })).toBe('Answer 3 is over position 3 of 3.');
    expect(say.onDragOver({ active: active(30), over: null })).toBe('Answer 3 is no longer over the list.');
    expect(say.onDragEnd({ active: active(30), over: over(10) })).toBe(
      'Answer 3 was dropped at position 1 of 3.',
    );
    expect(say.onDragCancel({ active: active(30), over: null })).toBe(
      'Moving was cancelled. Answer 3 stays at position 3 of 3.',
    );
  });
});
