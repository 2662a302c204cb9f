/** The longest values a lead may carry; the capture form's inputs stop at the same lengths. */
export const LEAD_NAME_MAX_LENGTH = 200;
export const LEAD_EMAIL_MAX_LENGTH = 320;
/** The page's address, sent for its utm_* parameters. */
export const LEAD_PAGE_URL_MAX_LENGTH = 4096;
