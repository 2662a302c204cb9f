export type PlayerVariant = 'all' | 'preview' | 'pane';

/**
 * The player's other builds, named after the player script (`player-3f2a1b9c.js`): `all` for quizzes with
 * question types beyond single choice, `preview` for the editor's preview, `pane` for its live preview pane.
 */
export declare const PLAYER_VARIANTS: readonly PlayerVariant[];

/**
 * A build's script beside the player script: the same name (or address) with `-all`, `-preview` or `-pane` before
 * `.js`, so whatever serves or links the player finds it without another setting.
 */
export declare function playerVariantOf(playerScript: string, variant: PlayerVariant): string;
