import { endpoint, htmlPage } from '@quizbeam/contracts/endpoint';
import { z } from 'zod';

/** A confirmation link's code: any text the router passes (up to 100 characters) is looked up; unknown is invalid. */
const confirmEmailParams = z.object({ code: z.string().min(1).max(100) });

/**
 * What the link in the confirmation email opens: a page with one button that posts. Mail scanners fetch the
 * links of incoming mail, so opening it changes nothing by itself.
 */
export const confirmEmailPageEndpoint = endpoint({
  method: 'GET',
  path: '/confirm-email/:code',
  access: 'public',
  page: true,
  underBasePath: true,
  summary: 'The page of a new email’s confirmation link: a button that confirms',
  params: confirmEmailParams,
  response: htmlPage,
});

/** The page's button: changes the email when the link is still usable, and says what happened. */
export const confirmEmailEndpoint = endpoint({
  method: 'POST',
  path: '/confirm-email/:code',
  access: 'public',
  page: true,
  underBasePath: true,
  summary: 'Confirm a new email address with its link',
  params: confirmEmailParams,
  response: htmlPage,
});
