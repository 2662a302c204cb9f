/** Element ids shared by the server-rendered page and the player that takes it over. */
export const PAGE_ID = 'qb-page';
export const ROOT_ID = 'qb-root';
export const STATUS_ID = 'qb-status';
export const SCREEN_ID = 'qb-screen';
export const HEADING_ID = 'qb-heading';
export const DATA_ID = 'quizbeam-data';
export const OPT_IN_TEMPLATE_ID = 'quizbeam-opt-in';
