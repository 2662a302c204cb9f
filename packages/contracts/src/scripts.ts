import { z } from 'zod';
import { accountParam, endpoint, idParam } from './endpoint';

/**
 * Scripts per event type, for a quiz and for the whole account: when the start page loads, when the visitor
 * opts in, and when the visitor reaches the result.
 */
export const scriptEventTypes = ['on-start-page', 'on-opt-in', 'on-complete'] as const;
export const scriptEventTypeSchema = z.enum(scriptEventTypes);
export type ScriptEventType = z.infer<typeof scriptEventTypeSchema>;

export const MAX_SCRIPT_LENGTH = 100_000;
export const scriptBodySchema = z.object({ code: z.string().max(MAX_SCRIPT_LENGTH) });
export type ScriptBody = z.infer<typeof scriptBodySchema>;

const quizScriptParams = z.object({ quizId: idParam, type: scriptEventTypeSchema });
const accountScriptParams = z.object({ account: accountParam, type: scriptEventTypeSchema });

export const getQuizScriptEndpoint = endpoint({
  method: 'GET',
  path: '/api/quizzes/:quizId/scripts/:type',
  access: 'user',
  summary: "A quiz's script for one event (on-start-page, on-opt-in, on-complete)",
  params: quizScriptParams,
  response: scriptBodySchema,
});
export const saveQuizScriptEndpoint = endpoint({
  method: 'PUT',
  path: '/api/quizzes/:quizId/scripts/:type',
  access: 'user',
  summary: "Save a quiz's script for one event (live after Republish)",
  params: quizScriptParams,
  body: scriptBodySchema,
  response: scriptBodySchema,
});
export const getAccountScriptEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/scripts/:type',
  access: 'user',
  summary: "The account's script for one event, run on every quiz",
  params: accountScriptParams,
  response: scriptBodySchema,
});
export const saveAccountScriptEndpoint = endpoint({
  method: 'PUT',
  path: '/accounts/:account/scripts/:type',
  access: 'user',
  summary: "Save the account's script for one event (live on each quiz's next Republish)",
  params: accountScriptParams,
  body: scriptBodySchema,
  response: scriptBodySchema,
});
