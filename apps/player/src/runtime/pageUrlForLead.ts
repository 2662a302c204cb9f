import { LEAD_PAGE_URL_MAX_LENGTH } from '@quizbeam/contracts/leadFields';

/**
 * The page's address for a lead. An address longer than the server takes (an ad click's long gclid, say) is
 * sent without its query and fragment, so the lead is never refused for it: the lead's URL fields already
 * carry the parameters the quiz keeps (leadUrlFields).
 */
export const pageUrlForLead = (href: string): string =>
  href.length <= LEAD_PAGE_URL_MAX_LENGTH
    ? href
    : href.replace(/[?#].*/s, '').slice(0, LEAD_PAGE_URL_MAX_LENGTH);
