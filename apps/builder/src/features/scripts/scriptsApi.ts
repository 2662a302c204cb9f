import {
  getAccountScriptEndpoint,
  getQuizScriptEndpoint,
  type ScriptEventType,
  saveAccountScriptEndpoint,
  saveQuizScriptEndpoint,
} from '@quizbeam/contracts/scripts';
import { call } from '../../api/apiClient';

/** Where each script is cached (TanStack Query keys); saving one updates its entry with the stored code. */
export const scriptsQueryKeys = {
  quiz: (quizId: string, type: ScriptEventType) => ['scripts', 'quiz', quizId, type] as const,
  account: (account: string, type: ScriptEventType) => ['scripts', 'account', account, type] as const,
} as const;

/** Where one set of scripts (a quiz's or the account's) is loaded from, saved to and cached. */
export interface ScriptsApi {
  queryKey(type: ScriptEventType): readonly unknown[];
  load(type: ScriptEventType): Promise<string>;
  save(type: ScriptEventType, code: string): Promise<string>;
}

export const quizScriptsApi = (quizId: string): ScriptsApi => ({
  queryKey: (type) => scriptsQueryKeys.quiz(quizId, type),
  load: async (type) => (await call(getQuizScriptEndpoint, { params: { quizId, type } })).code,
  save: async (type, code) =>
    (await call(saveQuizScriptEndpoint, { params: { quizId, type }, body: { code } })).code,
});

export const accountScriptsApi = (account: string): ScriptsApi => ({
  queryKey: (type) => scriptsQueryKeys.account(account, type),
  load: async (type) => (await call(getAccountScriptEndpoint, { params: { account, type } })).code,
  save: async (type, code) =>
    (await call(saveAccountScriptEndpoint, { params: { account, type }, body: { code } })).code,
});
