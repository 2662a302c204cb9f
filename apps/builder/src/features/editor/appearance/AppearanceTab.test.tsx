import { THEME_APPEARANCE_FIELDS } from '@quizbeam/contracts/themes';
import { themeSummary } from '@quizbeam/themes/effectiveAppearance';
import { findTheme } from '@quizbeam/themes/themeCatalog';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerWith } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';
import { standardThemes } from '../../../test/themes';
import { saveAndReadQuiz, serveEditor } from '../../../test/themesScreen';
import { COLOR_CODE_LABEL } from '../../../ui/colorPicker/ColorPickerPopup';
import { DEFAULT_ERROR_TEXT } from '../../../ui/notifications/DefaultErrorMessage';
import { PREVIEW_FRAME_SANDBOX } from '../../preview/PreviewOverlay';
import { THEMES_FAILED_TEXT } from '../../themes/themeTexts';
import { CHANGE_THEME_TITLE } from './CurrentThemeSection';
import { RESET_TO_THEME_TEXT } from './ResetToThemeButton';

const quiz = sampleQuiz({ id: '7', theme: 'theme-1' });
const RED_BUTTON_WARNING =
  'Button text on button background: contrast 3.9:1, below the 4.5:1 that WCAG AA asks for.';

/** A colour field's read-only value (its open popup is labelled by the same text). */
const colorField = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const fontTrigger = (label: string) => screen.getByRole('combobox', { name: label });

async function openAppearance() {
  renderApp('/quizzes/7/appearance');
  return screen.findByRole('group', { name: 'Theme 1' });
}

async function typeColor(label: string, text: string) {
  await act(async () => {
    fireEvent.click(colorField(label));
  });
  const code = await screen.findByLabelText(COLOR_CODE_LABEL);
  fireEvent.change(code, { target: { value: text } });
  fireEvent.keyDown(code, { key: 'Enter' });
}

describe('Appearance tab', () => {
  it("shows the current theme and, where the quiz sets nothing, the theme's colours and fonts", async () => {
    serveEditor({ quiz: { ...quiz, buttonBackgroundColor: '#ff0000', ctaFontFamily: 'Roboto' } });
    const card = await openAppearance();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/themes/theme-1.svg');
    expect(within(card).getByRole('button', { name: 'Change theme (Theme 1)' })).toBeTruthy();

    expect(colorField('Text Color').value).toBe('Theme color (#3b2f2f)');
    expect(fontTrigger('Font').textContent).toContain('Theme font (Lora)');
    expect(fontTrigger('Button Font').textContent).toContain('Theme font (Montserrat)');
    expect(colorField('Button Background Color').value).toBe('#ff0000');
    expect(colorField('Button Text Color').value).toBe('Theme color (#ffffff)');
    expect(fontTrigger('CTA Font').textContent).toContain('Roboto');
    expect(colorField('CTA Background Color').value).toBe('Theme color (#166534)');
    expect(colorField('CTA Text Color').value).toBe('Theme color (#ffffff)');
    // White text on the quiz's own red button background: the warning sits under the button's text colour.
    expect(colorField('Button Text Color').getAttribute('aria-describedby')).toBe(
      screen.getByText(RED_BUTTON_WARNING).id,
    );
    expect(screen.getAllByRole('note')).toHaveLength(1);
  });

  it('offers both images with the 1280 × 900 hint', async () => {
    serveEditor({ quiz });
    await openAppearance();
    for (const label of ['Background Image', 'Social Share Image']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('type')).toBe('file');
      const hintIds = (input.getAttribute('aria-describedby') ?? '').split(' ');
      const hints = hintIds.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      expect(hints).toContain('1280 × 900');
    }
  });

  it('writes a colour and a font the marketer chooses, and a removed image', async () => {
    const background = {
      id: 'image-1',
      accountId: 'account-1',
      filename: 'beach.png',
      s3Key: 'account-1/beach.png',
      url: 'https://images.example.com/beach.png',
      width: 1920,
      height: 1080,
    };
    const fetchMock = serveEditor({ quiz: { ...quiz, backgroundImage: background } });
    await openAppearance();

    await typeColor('Button Background Color', 'red');
    await waitFor(() => expect(colorField('Button Background Color').value).toBe('#ff0000'));
    expect(screen.getByText(RED_BUTTON_WARNING)).toBeTruthy();

    await act(async () => {
      fireEvent.click(fontTrigger('Font'));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('option', { name: 'Merriweather' }));
    });
    expect(fontTrigger('Font').textContent).toContain('Merriweather');

    fireEvent.click(screen.getByRole('button', { name: 'Remove beach.png' }));

    const saved = await saveAndReadQuiz(fetchMock, '7');
    expect(saved).toEqual({
      ...quiz,
      buttonBackgroundColor: '#ff0000',
      fontFamily: 'Merriweather',
      backgroundImage: null,
    });
  });

  it('resets all eight colours and fonts to the theme, and is off when none is set', async () => {
    const ownLook = {
      fontFamily: 'Lato',
      textColor: '#222222',
      buttonBackgroundColor: '#000000',
      buttonFontFamily: 'Lato',
      buttonTextColor: '#ffffff',
      ctaBackgroundColor: '#0000ff',
      ctaFontFamily: 'Lato',
      ctaTextColor: '#ffffff',
    };
    const fetchMock = serveEditor({ quiz: { ...quiz, ...ownLook } });
    await openAppearance();
    const reset = screen.getByRole('button', { name: RESET_TO_THEME_TEXT }) as HTMLButtonElement;
    expect(reset.disabled).toBe(false);
    fireEvent.click(reset);
    expect(reset.disabled).toBe(true);
    expect(colorField('Text Color').value).toBe('Theme color (#3b2f2f)');

    const saved = await saveAndReadQuiz(fetchMock, '7');
    for (const field of THEME_APPEARANCE_FIELDS) expect(saved[field], field).toBe('');
    expect(saved).toEqual(quiz);
  });

  it('warns when dark blue text reads badly on a dark theme, and still saves it', async () => {
    const theme7 = findTheme('theme-7');
    if (!theme7) throw new Error('Theme 7 is missing');
    const themes = [
      ...standardThemes(),
      themeSummary(theme7, { cssUrl: '', previewUrl: '/themes/theme-7.svg' }),
    ];
    const fetchMock = serveEditor({ quiz: { ...quiz, theme: 'theme-7' }, themes });
    renderApp('/quizzes/7/appearance');
    await screen.findByRole('group', { name: 'Theme 7' });
    expect(screen.queryByRole('note')).toBeNull();

    await typeColor('Text Color', '#1e3a8a');
    // Theme 7's page is #0d0221, with grid art up to #2a1160 behind the text: 1.5:1 at worst.
    const warning = await screen.findByRole('note');
    expect(warning.textContent).toBe(
      'Text on background: contrast 1.5:1, below the 4.5:1 that WCAG AA asks for.',
    );
    expect(colorField('Text Color').getAttribute('aria-describedby')).toBe(warning.id);
    const saved = await saveAndReadQuiz(fetchMock, '7');
    expect(saved).toEqual({ ...quiz, theme: 'theme-7', textColor: '#1e3a8a' });

    // A light blue, typed into the picker that is still open, reads well.
    const code = screen.getByLabelText(COLOR_CODE_LABEL);
    fireEvent.change(code, { target: { value: '#bfdbfe' } });
    fireEvent.keyDown(code, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
    expect(colorField('Text Color').value).toBe('#bfdbfe');
  });

  it('changes the theme from the gallery dialog, whose choice closes it and updates the defaults', async () => {
    const fetchMock = serveEditor({ quiz: { ...quiz, textColor: '#333333' } });
    await openAppearance();
    fireEvent.click(screen.getByRole('button', { name: 'Change theme (Theme 1)' }));
    const gallery = screen.getByRole('dialog', { name: CHANGE_THEME_TITLE });
    expect(within(gallery).getByRole('button', { name: 'Selected Theme 1' })).toBeTruthy();

    // A preview opened from the gallery returns to it.
    fireEvent.click(within(gallery).getByRole('button', { name: 'Preview Theme 2' }));
    const preview = screen.getByRole('dialog', { name: 'Theme 2' });
    expect(within(preview).getByTitle('Theme 2 preview').getAttribute('src')).toBe(
      '/accounts/account-1/theme/preview?theme=theme-2',
    );
    fireEvent.click(within(preview).getByRole('button', { name: 'Close' }));

    fireEvent.click(
      within(screen.getByRole('dialog', { name: CHANGE_THEME_TITLE })).getByRole('button', {
        name: 'Select Theme 2',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('group', { name: 'Theme 2' })).toBeTruthy();
    expect(fontTrigger('Font').textContent).toContain('Theme font (Inter)');
    expect(colorField('Text Color').value).toBe('#333333');

    const saved = await saveAndReadQuiz(fetchMock, '7');
    expect(saved).toEqual({ ...quiz, textColor: '#333333', theme: 'theme-2' });
  });

  it('previews the current theme in a sandboxed frame', async () => {
    serveEditor({ quiz });
    await openAppearance();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Theme 1' }));
    const preview = screen.getByRole('dialog', { name: 'Theme 1' });
    const frame = within(preview).getByTitle('Theme 1 preview');
    expect(frame.getAttribute('src')).toBe('/accounts/account-1/theme/preview?theme=theme-1');
    expect(frame.getAttribute('sandbox')).toBe(PREVIEW_FRAME_SANDBOX);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a theme the list no longer offers, named by its id, with working fields', async () => {
    const fetchMock = serveEditor({ quiz: { ...quiz, theme: 'aurora' } });
    renderApp('/quizzes/7/appearance');
    const card = await screen.findByRole('group', { name: 'aurora' });
    expect(card.querySelector('img')).toBeNull();
    // The default theme's colours stand in for the unknown theme's.
    expect(colorField('Text Color').value).toBe('Theme color (#111111)');
    await typeColor('Text Color', '#123456');
    await waitFor(() => expect(colorField('Text Color').value).toBe('#123456'));
    const saved = await saveAndReadQuiz(fetchMock, '7');
    expect(saved).toEqual({ ...quiz, theme: 'aurora', textColor: '#123456' });
  });

  it('shows the default error when the themes cannot be loaded, and still offers the images', async () => {
    serveEditor({ quiz, themes: answerWith(500, { error: 'Boom.', code: 'internal' }) });
    renderApp('/quizzes/7/appearance');
    expect(await screen.findByText(THEMES_FAILED_TEXT)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(screen.getByLabelText('Background Image')).toBeTruthy();
    expect(screen.queryByLabelText('Text Color')).toBeNull();
  });
});
