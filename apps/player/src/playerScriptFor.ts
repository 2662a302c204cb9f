import { isSingleChoice } from './markup/questionFrame';
import type { PlayerData } from './playerData';
import { playerVariantOf } from './playerFileNames.mjs';

/**
 * The one player script a page loads (`playerScript` is the address of the player for single choices): the
 * editor's preview takes the build that computes results in the page, a published quiz with other question
 * types the build that carries their forms, any other quiz the smallest.
 */
export function playerScriptFor(data: PlayerData, playerScript: string): string {
  if (data.mode === 'preview') return playerVariantOf(playerScript, 'preview');
  return data.quiz.questions.every(isSingleChoice) ? playerScript : playerVariantOf(playerScript, 'all');
}
