export const EXTRA_THEME_MARK = 'Extra';
export const SELECT_TEXT = 'Select';
export const SELECTED_TEXT = 'Selected';
export const PREVIEW_TEXT = 'Preview';
export const LOADING_THEMES_TEXT = 'Loading themes…';
export const THEMES_FAILED_TEXT = 'The themes could not be loaded. Reload the page to try again.';
export const SEARCH_THEMES_LABEL = 'Search themes';

export const noThemesMatchText = (search: string) => `No themes match “${search.trim()}”.`;
export const themeFrameTitle = (themeName: string) => `${themeName} preview`;
/** Each card's buttons say which theme they act on, for screen readers among ~70 alike. */
export const selectLabel = (themeName: string, selected: boolean) =>
  `${selected ? SELECTED_TEXT : SELECT_TEXT} ${themeName}`;
export const previewLabel = (themeName: string) => `${PREVIEW_TEXT} ${themeName}`;
