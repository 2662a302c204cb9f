import { WEB_FONTS } from '@quizbeam/contracts/fonts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FontSelect } from './FontSelect';
import { FONT_STYLESHEET_URL } from './fontStylesheet';

const families = WEB_FONTS.map((font) => font.family);

function ButtonFont({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <FontSelect label="Button font" value={value} onChange={setValue} themeDefault="Lora" />;
}

const trigger = (name = 'Button font') => screen.getByRole('combobox', { name });
const triggerText = (name = 'Button font') =>
  trigger(name).querySelector<HTMLElement>('.dropdown__value') as HTMLElement;

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const fontLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.getAttribute('href') === FONT_STYLESHEET_URL,
  );

afterEach(() => {
  for (const link of fontLinks()) link.remove();
});

describe('FontSelect', () => {
  it('lists the theme font first, then the 38 families in order, each drawn in its font', async () => {
    render(<ButtonFont />);
    await click(trigger());
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Theme font (Lora)', ...families]);
    expect(options[0]?.style.fontFamily).toMatch(/^"Lora", /);
    for (const [index, font] of WEB_FONTS.entries()) {
      expect(options[index + 1]?.style.fontFamily, font.family).toContain(`"${font.family}"`);
    }
    expect(screen.getByRole('option', { name: 'Pacifico' }).style.fontFamily).toMatch(/^"Pacifico", /);
    expect(screen.getByRole('option', { name: 'Inter' }).style.fontFamily).toMatch(/^"Inter", /);
  });

  it("shows the theme's font for '' and draws the closed trigger in the chosen font", async () => {
    render(<ButtonFont />);
    expect(triggerText().textContent).toBe('Theme font (Lora)');
    expect(triggerText().style.fontFamily).toMatch(/^"Lora", /);
    await click(trigger());
    await click(screen.getByRole('option', { name: 'Bebas Neue' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(triggerText().textContent).toBe('Bebas Neue');
    expect(triggerText().style.fontFamily).toMatch(/^"Bebas Neue", /);
  });

  it('calls onChange with the family, or with an empty value for the theme font', async () => {
    const onChange = vi.fn();
    render(<FontSelect label="Font" value="Caveat" onChange={onChange} themeDefault="Inter" />);
    expect(triggerText('Font').textContent).toBe('Caveat');
    await click(trigger('Font'));
    expect(screen.getByRole('option', { name: 'Caveat' }).getAttribute('aria-selected')).toBe('true');
    await click(screen.getByRole('option', { name: 'Playfair Display' }));
    expect(onChange).toHaveBeenLastCalledWith('Playfair Display');
    await click(trigger('Font'));
    await click(screen.getByRole('option', { name: 'Theme font (Inter)' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('finds fonts by a case-insensitive part of the name', async () => {
    render(<ButtonFont />);
    await click(trigger());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'SANS' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      families.filter((family) => family.toLowerCase().includes('sans')),
    );
    expect(screen.getAllByRole('option').length).toBeGreaterThan(5);
  });

  it('adds the font stylesheet once, when the first font select is shown', async () => {
    expect(fontLinks()).toHaveLength(0);
    render(
      <>
        <ButtonFont />
        <FontSelect label="Main font" value="" onChange={() => {}} themeDefault="Roboto" />
      </>,
    );
    expect(fontLinks()).toHaveLength(1);
    await click(trigger());
    await click(trigger());
    await click(trigger('Main font'));
    expect(fontLinks()).toHaveLength(1);
    expect(fontLinks()[0]?.parentElement).toBe(document.head);
  });
});
