export const ZAPIER_INTRO =
  'Send your leads to thousands of apps with Zapier. Each new lead of your quizzes starts your Zaps at once.';
export const ZAPIER_STEPS = [
  'In Zapier, create a Zap and search for Quizbeam as the trigger app.',
  'Choose the New Lead trigger, and one quiz or all of them.',
  'When Zapier asks for your API key, paste the key below.',
] as const;
export const REGENERATE_KEY_TEXT =
  'A new key replaces this one, which stops working at once: every Zap connected with it stops until you reconnect it with the new key.';
export const KEY_REGENERATED_TEXT = 'A new API key has been made. Reconnect your Zaps with it.';
