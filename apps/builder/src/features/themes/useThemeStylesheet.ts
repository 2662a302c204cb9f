import { useQuery } from '@tanstack/react-query';
import { useThemes } from './useThemes';

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
    // A static file, not an endpoint of the API: keyed by its address.
    queryKey: ['theme-stylesheet', cssUrl],
    queryFn: () => fetchStylesheet(cssUrl),
    enabled: cssUrl !== '',
    // Content-hashed file names: a stylesheet never changes under its name.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { handlesError: () => true },
  });
  return stylesheet.data ?? null;
}
