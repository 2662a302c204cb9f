import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder } from '../../test/fakeServer';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { sampleTheme, standardThemes, themesWithExtras } from '../../test/themes';
import { saveAndReadQuiz, serveEditor } from '../../test/themesScreen';
import { PREVIEW_FRAME_SANDBOX } from '../preview/PreviewOverlay';
import { EXTRA_THEME_MARK, noThemesMatchText, SEARCH_THEMES_LABEL } from './themeTexts';

const quiz = sampleQuiz({ id: '7', theme: 'black-white', buttonTextColor: '#123456' });

/** The theme cards on screen, by name, in order. */
const cardNames = () =>
  screen
    .getAllByRole('group')
    .filter((group) => group.classList.contains('small-card'))
    .map((card) => card.querySelector('.small-card__title')?.textContent);

async function openConfigure() {
  renderApp('/quizzes/7');
  return screen.findByRole('group', { name: 'Theme 1' });
}

describe('theme gallery (Configure tab)', () => {
  it("lists the account's themes with their pictures, and marks the quiz's theme Selected", async () => {
    serveEditor({ quiz });
    await openConfigure();
    expect(cardNames()).toEqual(standardThemes().map((theme) => theme.name));

    const selected = screen.getByRole('group', { name: 'Black & White' });
    expect(within(selected).getByText('Selected', { selector: '.small-card__badge' })).toBeTruthy();
    const selectedButton = within(selected).getByRole('button', { name: 'Selected Black & White' });
    expect(selectedButton.getAttribute('aria-disabled')).toBe('true');

    const other = screen.getByRole('group', { name: 'Theme 1' });
    expect(other.querySelector('.small-card__badge')).toBeNull();
    const picture = other.querySelector('img') as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe('/themes/theme-1.svg');
    expect(picture.getAttribute('alt')).toBe('');
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(picture.getAttribute('decoding')).toBe('async');
    expect([picture.width, picture.height]).toEqual([229, 136]);
    // Buttons sit beside each other in the card, never inside another control.
    expect(other.tagName).toBe('DIV');
    expect(other.querySelectorAll('button button')).toHaveLength(0);
  });

  it("selects a theme and keeps the marketer's own colours, the rest following the theme", async () => {
    const fetchMock = serveEditor({ quiz });
    await openConfigure();
    fireEvent.click(screen.getByRole('button', { name: 'Select Theme 1' }));

    const chosen = screen.getByRole('group', { name: 'Theme 1' });
    expect(within(chosen).getByRole('button', { name: 'Selected Theme 1' })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Black & White' })).getByRole('button', {
        name: 'Select Black & White',
      }),
    ).toBeTruthy();

    const saved = await saveAndReadQuiz(fetchMock, '7');
    expect(saved).toEqual({ ...quiz, theme: 'theme-1' });
  });

  it('does nothing when the selected theme is chosen again', async () => {
    serveEditor({ quiz });
    await openConfigure();
    fireEvent.click(screen.getByRole('button', { name: 'Selected Black & White' }));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('previews a theme in a sandboxed frame of the theme preview page, and selects it from there', async () => {
    serveEditor({ quiz });
    await openConfigure();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Theme 1' }));

    const dialog = screen.getByRole('dialog', { name: 'Theme 1' });
    const frame = within(dialog).getByTitle('Theme 1 preview') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/accounts/account-1/theme/preview?theme=theme-1');
    expect(frame.getAttribute('sandbox')).toBe(PREVIEW_FRAME_SANDBOX);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Select' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Selected Theme 1' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Preview Theme 1' }));
    const again = screen.getByRole('dialog', { name: 'Theme 1' });
    expect(within(again).getByRole('button', { name: 'Selected' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the theme preview at a desktop’s width or a phone’s', async () => {
    serveEditor({ quiz });
    await openConfigure();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Theme 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Theme 1' });
    const frame = within(dialog).getByTitle('Theme 1 preview') as HTMLIFrameElement;
    const widths = within(dialog).getByRole('group', { name: 'Preview width' });
    expect(within(widths).getByRole('button', { name: 'Desktop' }).getAttribute('aria-pressed')).toBe('true');
    expect(frame.style.width).toBe('1280px');

    fireEvent.click(within(widths).getByRole('button', { name: 'Phone' }));
    expect(within(widths).getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe('true');
    expect(frame.style.width).toBe('390px');
    // The same page, laid out again at the new width: the frame is not loaded anew.
    expect(within(dialog).getByTitle('Theme 1 preview')).toBe(frame);
  });

  it('shows no extra theme when the server lists none (an account without extraTemplates)', async () => {
    serveEditor({ quiz });
    await openConfigure();
    expect(screen.queryByRole('group', { name: 'Aurora' })).toBeNull();
    expect(screen.queryByText(EXTRA_THEME_MARK)).toBeNull();
  });

  it('shows the extra themes the server lists for an account with extraTemplates', async () => {
    serveEditor({ quiz, themes: themesWithExtras(), me: accountHolder({ extraTemplates: true }) });
    renderApp('/quizzes/7');
    const aurora = await screen.findByRole('group', { name: 'Aurora' });
    expect(within(aurora).getByText(EXTRA_THEME_MARK)).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Theme 1' })).queryByText(EXTRA_THEME_MARK)).toBeNull();
    expect(cardNames()).toEqual(themesWithExtras().map((theme) => theme.name));
  });

  it('filters the cards by name, whatever the case', async () => {
    serveEditor({ quiz });
    await openConfigure();
    const search = screen.getByRole('searchbox', { name: SEARCH_THEMES_LABEL });
    expect(search.getAttribute('placeholder')).toBe('Search');
    fireEvent.change(search, { target: { value: 'THEME' } });
    await waitFor(() => expect(cardNames()).toEqual(['Theme 1', 'Theme 2']));
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText(noThemesMatchText('zzz'))).toBeTruthy();
  });

  it('renders a long list in batches until every theme is shown', async () => {
    const many = Array.from({ length: 70 }, (_, index) =>
      sampleTheme({ id: `theme-${index + 1}`, name: `Theme ${index + 1}` }),
    );
    serveEditor({ quiz: { ...quiz, theme: 'theme-1' }, themes: many });
    await openConfigure();
    await waitFor(() => expect(cardNames()).toHaveLength(70));
    expect(cardNames()).toEqual(many.map((theme) => theme.name));
  });
});
