import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dropdown } from './Dropdown';
import { NO_RESULTS_TEXT } from './DropdownPopup';
import { filterOptions } from './filterOptions';
import { choosePopupPlacement } from './popupPlacement';

const fonts = [
  { value: 'open-sans', label: 'Open Sans' },
  { value: 'roboto', label: 'Roboto' },
  { value: 'roboto-slab', label: 'Roboto Slab' },
];

function FontDropdown() {
  const [value, setValue] = useState('open-sans');
  return (
    <>
      <Dropdown label="Font" options={fonts} value={value} onChange={setValue} />
      <p>Outside</p>
    </>
  );
}

async function openDropdown() {
  await act(async () => {
    fireEvent.click(screen.getByRole('combobox', { name: 'Font' }));
  });
}

describe('Dropdown', () => {
  it('opens and closes on click and picks an option', async () => {
    render(<FontDropdown />);
    const trigger = screen.getByRole('combobox', { name: 'Font' });
    expect(trigger.textContent).toContain('Open Sans');
    await openDropdown();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByPlaceholderText('Search')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('option', { name: 'Roboto' }));
    });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toContain('Roboto');
    await openDropdown();
    expect(screen.getByRole('option', { name: 'Roboto' }).getAttribute('aria-selected')).toBe('true');
    await act(async () => {
      fireEvent.click(trigger);
    });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('filters case-insensitively and says No Results when nothing matches', async () => {
    render(<FontDropdown />);
    await openDropdown();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'ROBO' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Roboto',
      'Roboto Slab',
    ]);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText(NO_RESULTS_TEXT)).toBeTruthy();
  });

  it('closes on a click outside', async () => {
    render(<FontDropdown />);
    await openDropdown();
    await act(async () => {
      fireEvent.pointerDown(screen.getByText('Outside'));
      fireEvent.mouseDown(screen.getByText('Outside'));
    });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on Escape, and opens again with an empty search', async () => {
    render(<FontDropdown />);
    await openDropdown();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'slab' } });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search' }), { key: 'Escape' });
    });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Font' }).getAttribute('aria-expanded')).toBe('false');
    await openDropdown();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('gives the popup a fixed 240px width when asked', async () => {
    render(<Dropdown label="Font" options={fonts} value="roboto" onChange={() => {}} fixedWidth />);
    await openDropdown();
    const popup = screen.getByRole('listbox').parentElement;
    await waitFor(() => expect(popup?.style.width).toBe('240px'));
  });

  it('matches options by substring', () => {
    expect(filterOptions(fonts, ' slab ')).toEqual([fonts[2]]);
    expect(filterOptions(fonts, '')).toEqual(fonts);
  });
});

describe('choosePopupPlacement', () => {
  it('needs the popup height plus 20px on a side', () => {
    expect(choosePopupPlacement({ above: 0, below: 320 }, 300)).toBe('bottom');
    expect(choosePopupPlacement({ above: 320, below: 319 }, 300)).toBe('top');
    expect(choosePopupPlacement({ above: 319, below: 319 }, 300)).toBe('covering');
  });
});
