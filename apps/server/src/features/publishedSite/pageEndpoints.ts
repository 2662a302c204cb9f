import { endpoint, fileAnswer, htmlPage } from '@quizbeam/contracts/endpoint';
import { z } from 'zod';
import { FAVICON_PATH } from './favicon';

/** The player's script or the embed script, by their built names. */
export const playerFileEndpoint = endpoint({
  method: 'GET',
  path: '/_q/:file',
  access: 'public',
  site: 'published',
  page: true,
  summary: "The player's script or the embed script",
  params: z.object({ file: z.string() }),
  response: fileAnswer,
});

export const faviconEndpoint = endpoint({
  method: 'GET',
  path: FAVICON_PATH,
  access: 'public',
  site: 'published',
  page: true,
  summary: "The published sites' icon",
  response: fileAnswer,
});

/** A published quiz's page on its host, by its address. */
export const publishedQuizPageEndpoint = endpoint({
  method: 'GET',
  path: '/:slug',
  access: 'public',
  site: 'published',
  page: true,
  summary: 'A published quiz',
  params: z.object({ slug: z.string() }),
  response: htmlPage,
});
