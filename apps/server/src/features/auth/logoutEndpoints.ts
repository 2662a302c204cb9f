import { endpoint, htmlPage, redirectAnswer } from '@quizbeam/contracts/endpoint';

/** Signs out and sends the browser to sign in. A POST: the origin check refuses other sites' forms. */
export const logoutEndpoint = endpoint({
  method: 'POST',
  path: '/logout',
  access: 'public',
  page: true,
  underBasePath: true,
  summary: 'Sign out, then go to the sign-in page',
  response: redirectAnswer,
});

/** A GET, which any page could send with an image, only shows a button that posts. */
export const logoutPageEndpoint = endpoint({
  method: 'GET',
  path: '/logout',
  access: 'public',
  page: true,
  underBasePath: true,
  summary: 'The sign-out page: a button that posts',
  response: htmlPage,
});
