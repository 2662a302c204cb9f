import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SELECTED_BADGE_TEXT, SmallCard } from './SmallCard';

describe('SmallCard', () => {
  it('shows the Selected badge only when selected, and is named by its title', () => {
    const onSelect = vi.fn();
    const { rerender } = render(
      <SmallCard title="Scored" selected={false} onSelect={onSelect}>
        Answers carry points.
      </SmallCard>,
    );
    const card = screen.getByRole('button', { name: 'Scored' });
    expect(card.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText(SELECTED_BADGE_TEXT)).toBeNull();
    fireEvent.click(card);
    expect(onSelect).toHaveBeenCalledOnce();

    rerender(
      <SmallCard title="Scored" selected onSelect={onSelect}>
        Answers carry points.
      </SmallCard>,
    );
    expect(card.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(SELECTED_BADGE_TEXT)).toBeTruthy();
  });
});
