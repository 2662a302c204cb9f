import { z } from 'zod';
import { isValidEmailAddress } from './emailAddress';
import { endpoint, htmlPage, idParam, okResponseSchema } from './endpoint';

/*
 * New-lead emails (the quiz document's `leadNotifications`): who of the listed recipients unsubscribed through
 * an email's link, and listing one of them again. The unsubscribe pages themselves are the emails' links.
 */

export const unsubscribedRecipientsSchema = z.object({
  /** The quiz's unsubscribed addresses, as stored (normalised), in alphabetical order. */
  emails: z.array(z.string()),
});
export type UnsubscribedRecipients = z.infer<typeof unsubscribedRecipientsSchema>;

const quizParams = z.object({ quizId: idParam });

export const listUnsubscribedRecipientsEndpoint = endpoint({
  method: 'GET',
  path: '/api/quizzes/:quizId/lead-notifications/unsubscribed',
  access: 'user',
  summary: "The addresses that unsubscribed from the quiz's new-lead emails",
  params: quizParams,
  response: unsubscribedRecipientsSchema,
});

/** An address in a path: anything that is not one names nothing (404). */
const recipientParam = z.string().max(254).refine(isValidEmailAddress);

export const resubscribeRecipientEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/quizzes/:quizId/lead-notifications/unsubscribed/:email',
  access: 'user',
  summary: "Send the quiz's new-lead emails to an address that unsubscribed again",
  params: quizParams.extend({ email: recipientParam }),
  response: okResponseSchema,
});

/** The unsubscribe link of a new-lead email: signed, it names the quiz and the address. */
const unsubscribeParams = z.object({ token: z.string().min(1).max(600) });

/** What the link opens: a page with one button. Mail scanners open links, so opening it changes nothing. */
export const leadEmailUnsubscribePageEndpoint = endpoint({
  method: 'GET',
  path: '/lead-emails/unsubscribe/:token',
  access: 'public',
  page: true,
  underBasePath: true,
  summary: 'The page of a new-lead email’s unsubscribe link: a button that unsubscribes',
  params: unsubscribeParams,
  response: htmlPage,
});

/** The page's button, and the mail programs' one-click unsubscribe (RFC 8058): records it, idempotently. */
export const leadEmailUnsubscribeEndpoint = endpoint({
  method: 'POST',
  path: '/lead-emails/unsubscribe/:token',
  access: 'public',
  page: true,
  underBasePath: true,
  summary: 'Unsubscribe an address from a quiz’s new-lead emails',
  params: unsubscribeParams,
  response: htmlPage,
});
