import type { Theme } from '@quizbeam/contracts/themes';
import { useCallback, useDeferredValue, useId, useRef, useState } from 'react';
import { filterByName } from '../quizzes/filterByName';
import { ThemeCard } from './ThemeCard';
import { noThemesMatchText, SEARCH_THEMES_LABEL } from './themeTexts';
import { useRevealedCount } from './useRevealedCount';
import '../../ui/SmallCard.css';
import './ThemeGallery.css';

interface ThemeGalleryProps {
  themes: readonly Theme[];
  selectedThemeId: string;
  onSelect: (themeId: string) => void;
  onPreview: (themeId: string) => void;
}

/** The latest callback behind a stable function, so the memoised cards never re-render for a new closure. */
function useStableCallback(callback: (themeId: string) => void): (themeId: string) => void {
  const latest = useRef(callback);
  latest.current = callback;
  return useCallback((themeId: string) => latest.current(themeId), []);
}

/** Every theme as a card with Select and Preview, with a name search above. */
export function ThemeGallery({ themes, selectedThemeId, onSelect, onPreview }: ThemeGalleryProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const shown = filterByName([...themes], deferredSearch);
  const revealed = useRevealedCount(shown.length);
  const select = useStableCallback(onSelect);
  const preview = useStableCallback(onPreview);

  return (
    <div className="theme-gallery">
      <label htmlFor={searchId} className="visually-hidden">
        {SEARCH_THEMES_LABEL}
      </label>
      <input
        id={searchId}
        type="search"
        className="input theme-gallery__search"
        placeholder="Search"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {shown.length === 0 ? (
        <p className="theme-gallery__empty">{noThemesMatchText(deferredSearch)}</p>
      ) : (
        <ul className="theme-gallery__grid">
          {shown.slice(0, revealed).map((theme) => (
            <li key={theme.id} className="theme-gallery__item">
              <ThemeCard
                theme={theme}
                selected={theme.id === selectedThemeId}
                onSelect={select}
                onPreview={preview}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
