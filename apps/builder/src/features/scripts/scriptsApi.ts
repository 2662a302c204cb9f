import {
  accountScriptPath,
  quizScriptPath,
  type ScriptEventType,
  scriptBodySchema,
} from '@quizbeam/contracts/scripts';
import { api } from '../../api/apiClient';

/** Where one set of scripts (a quiz's or the account's) is loaded from and saved to. */
export interface ScriptsApi {
  load(type: ScriptEventType): Promise<string>;
  save(type: ScriptEventType, code: string): Promise<string>;
}

function scriptsApiAt(pathOf: (type: ScriptEventType) => string): ScriptsApi {
  return {
    load: async (type) => (await api.get(pathOf(type), scriptBodySchema)).code,
    save: async (type, code) => (await api.put(pathOf(type), { code }, scriptBodySchema)).code,
  };
}

export const quizScriptsApi = (quizId: string) => scriptsApiAt((type) => quizScriptPath(quizId, type));

export const accountScriptsApi = (accountId: string) =>
  scriptsApiAt((type) => accountScriptPath(accountId, type));
