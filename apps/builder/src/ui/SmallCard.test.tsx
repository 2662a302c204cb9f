import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SELECTED_BADGE_TEXT, SmallCard, SmallCardFrame } from './SmallCard';

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

  it('frames a card holding its own buttons: a group named by its title, with the badge and mark', () => {
    const onSelect = vi.fn();
    const { rerender } = render(
      <SmallCardFrame
        title="A Very Long Theme Name"
        media={<img src="/picture.svg" alt="" />}
        actions={
          <button type="button" onClick={onSelect}>
            Select
          </button>
        }
      />,
    );
    const card = screen.getByRole('group', { name: 'A Very Long Theme Name' });
    expect(card.tagName).toBe('DIV');
    expect(card.querySelector('.small-card__media img')).toBeTruthy();
    expect(card.querySelector('.small-card__title')?.getAttribute('title')).toBe('A Very Long Theme Name');
    expect(screen.queryByText(SELECTED_BADGE_TEXT)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(onSelect).toHaveBeenCalledOnce();

    rerender(
      <SmallCardFrame
        title="A Very Long Theme Name"
        selected
        mark="Extra"
        actions={<button type="button">Selected</button>}
      />,
    );
    expect(card.classList.contains('small-card--selected')).toBe(true);
    expect(card.querySelector('.small-card__badge')?.textContent).toBe(SELECTED_BADGE_TEXT);
    expect(card.querySelector('.small-card__mark')?.textContent).toBe('Extra');
  });
});
