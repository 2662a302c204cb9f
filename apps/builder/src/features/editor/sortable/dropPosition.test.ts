import { describe, expect, it } from 'vitest';
import { dropPosition } from './dropPosition';

describe('dropPosition', () => {
  it('shows the indicator above a target when dragging upwards and below when dragging downwards', () => {
    expect(dropPosition(3, 1)).toBe('before');
    expect(dropPosition(0, 2)).toBe('after');
  });

  it('shows nothing over the dragged item itself or outside the list', () => {
    expect(dropPosition(2, 2)).toBeNull();
    expect(dropPosition(-1, 2)).toBeNull();
  });
});
