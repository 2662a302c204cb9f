import { LEAD_PAGE_URL_MAX_LENGTH } from '@quizbeam/contracts/leadFields';

const UTM_VALUE_MAX_LENGTH = 500;

/**
 * The page's address for a lead. An address longer than the server takes (an ad click's long gclid, say)
 * is cut to its utm_* parameters, which are all the server reads from it, so the lead is never refused for it.
 */
export function pageUrlForLead(href: string): string {
  if (href.length <= LEAD_PAGE_URL_MAX_LENGTH) return href;
  const url = new URL(href);
  const utm = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (key.startsWith('utm_')) utm.append(key, value.slice(0, UTM_VALUE_MAX_LENGTH));
  }
  url.search = utm.toString();
  url.hash = '';
  const short = url.toString();
  return short.length <= LEAD_PAGE_URL_MAX_LENGTH ? short : url.origin;
}
