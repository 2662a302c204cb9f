export type PlayerVariant = 'all' | 'preview' | 'pane' | 'tracking';

/**
 * The player's other builds, named after the player script (`player-3f2a1b9c.js`): `all` for quizzes with
 * question types beyond single choice, `preview` for the editor's preview, `pane` for its live preview pane,
 * `tracking` for the tags and consent bar of pages that turn tags on (loaded before the player).
 */
export declare const PLAYER_VARIANTS: readonly PlayerVariant[];

/**
 * A build's script beside the player script: the same name (or address) with `-all`, `-preview`, `-pane` or
 * `-tracking` before `.js`, so whatever serves or links the player finds it without another setting.
 */
export declare function playerVariantOf(playerScript: string, variant: PlayerVariant): string;
