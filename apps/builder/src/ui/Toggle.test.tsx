import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toggle } from './Toggle';

describe('Toggle', () => {
  it('is a switch that reports the flipped state', () => {
    const onChange = vi.fn();
    const { rerender } = render(<Toggle label="Use Start Page" checked={false} onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Use Start Page' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith(true);
    rerender(<Toggle label="Use Start Page" checked onChange={onChange} />);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('does nothing while disabled', () => {
    const onChange = vi.fn();
    render(<Toggle label="Segment by Outcome" checked onChange={onChange} disabled />);
    const toggle = screen.getByRole('switch', { name: 'Segment by Outcome' }) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    fireEvent.click(toggle);
    expect(onChange).not.toHaveBeenCalled();
  });
});
