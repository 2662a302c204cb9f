import { themesEndpoint } from '@quizbeam/contracts/themes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/apiClient';
import { useMe } from '../session/useMe';

/** Where the account's theme list is cached (TanStack Query keys). */
export const themesQueryKeys = {
  list: (account: string) => ['themes', account] as const,
  stylesheet: (cssUrl: string) => ['themes', 'stylesheet', cssUrl] as const,
};

export const listThemes = () => call(themesEndpoint);

/**
 * The themes the account may use, in the server's order (the default first). They change only with a
 * deploy, so one load serves the Configure and Appearance tabs for the page's life.
 */
export function useThemes() {
  const account = useMe().account.id;
  return useQuery({
    queryKey: themesQueryKeys.list(account),
    queryFn: listThemes,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

async function fetchStylesheet(cssUrl: string): Promise<string> {
  const response = await fetch(cssUrl);
  if (!response.ok) throw new Error(`The theme's stylesheet answered ${response.status}.`);
  return response.text();
}

/**
 * The text of the quiz theme's stylesheet: the file the server also inlines into the published page. A theme
 * the list does not offer is drawn in the default one, as the server draws an unknown theme. Null while it
 * loads, or if it cannot: the preview then shows the page without the theme rather than an error.
 */
export function useThemeStylesheet(themeId: string): string | null {
  const themes = useThemes().data ?? [];
  const cssUrl = themes.find((theme) => theme.id === themeId)?.cssUrl || themes[0]?.cssUrl || '';
  const stylesheet = useQuery({
    queryKey: themesQueryKeys.stylesheet(cssUrl),
    queryFn: () => fetchStylesheet(cssUrl),
    enabled: cssUrl !== '',
    // Content-hashed file names: a stylesheet never changes under its name.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { handlesError: () => true },
  });
  return stylesheet.data ?? null;
}
