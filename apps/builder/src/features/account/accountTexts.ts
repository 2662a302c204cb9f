export const POWERED_BY_BADGE_LABEL = 'Show the powered-by badge on my quizzes';
export const POWERED_BY_BADGE_HINT =
  'Applies to every quiz that has no badge setting of its own. Republish a quiz for the change to show.';
export const USAGE_LIMITS_TITLE = 'Usage Limits';
export const LIMIT_REACHED_TEXT = 'Limit reached';
export const OVER_LIMIT_TEXT = 'Over the limit';
export const EXPORT_DATA_TITLE = 'Export your data';
export const EXPORT_DATA_TEXT =
  'A zip file with your account and its users, every quiz, all leads, each quiz’s responses, your domains and your integrations (never passwords or keys).';
