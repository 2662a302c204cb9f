// Plain JavaScript (types in playerFileNames.d.mts): the build (Node alone) and the page renderer share it.

/**
 * The player's other builds, named after the player script (`player-3f2a1b9c.js`): `all` for quizzes with
 * question types beyond single choice, `preview` for the editor's preview, `pane` for its live preview pane,
 * `tracking` for the tags and consent bar of pages that turn tags on (loaded before the player).
 */
export const PLAYER_VARIANTS = ['all', 'preview', 'pane', 'tracking'];

/**
 * A build's script beside the player script: the same name (or address) with `-all`, `-preview`, `-pane` or
 * `-tracking` before `.js`, so whatever serves or links the player finds it without another setting.
 */
export function playerVariantOf(playerScript, variant) {
  return playerScript.replace(/\.js$/, `-${variant}.js`);
}
