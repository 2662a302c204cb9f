import { z } from 'zod';

/** Spec sections 2, 3, 7: scripts per event type, for a quiz and for the whole account. */
export const scriptEventTypes = ['on-start-page', 'on-opt-in'] as const;
export const scriptEventTypeSchema = z.enum(scriptEventTypes);
export type ScriptEventType = z.infer<typeof scriptEventTypeSchema>;

export const MAX_SCRIPT_LENGTH = 100_000;
export const scriptBodySchema = z.object({ code: z.string().max(MAX_SCRIPT_LENGTH) });
export type ScriptBody = z.infer<typeof scriptBodySchema>;

export const quizScriptPath = (quizId: string, type: ScriptEventType) =>
  `/api/quizzes/${encodeURIComponent(quizId)}/scripts/${type}`;
export const accountScriptPath = (accountId: string, type: ScriptEventType) =>
  `/accounts/${encodeURIComponent(accountId)}/scripts/${type}`;
