const { quizbeamUrl } = require('../quizbeamUrl');

/**
 * @typedef {{ request: (options: object) => Promise<{ data: unknown }> }} Z
 * @typedef {{
 *   targetUrl?: string,
 *   inputData: { quizId?: string },
 *   subscribeData?: { id: string },
 *   cleanedRequest?: object,
 * }} Bundle
 */

/**
 * An empty dropdown means every quiz.
 * @param {Bundle} bundle
 */
function chosenQuiz(bundle) {
  return bundle.inputData.quizId || null;
}

/**
 * Turning the Zap on: Quizbeam POSTs each new lead (of the chosen quiz, or all) to Zapier's target URL.
 * @param {Z} z
 * @param {Bundle} bundle
 */
async function performSubscribe(z, bundle) {
  const response = await z.request({
    url: quizbeamUrl('/api/zapier/hooks'),
    method: 'POST',
    body: { targetUrl: bundle.targetUrl, quizId: chosenQuiz(bundle) },
  });
  return response.data;
}

/**
 * Turning the Zap off (or deleting it).
 * @param {Z} z
 * @param {Bundle} bundle
 */
async function performUnsubscribe(z, bundle) {
  const response = await z.request({
    url: quizbeamUrl(`/api/zapier/hooks/${encodeURIComponent(bundle.subscribeData?.id ?? '')}`),
    method: 'DELETE',
  });
  return response.data;
}

/**
 * Each delivery's body is one lead.
 * @param {Z} _z
 * @param {Bundle} bundle
 */
const perform = async (_z, bundle) => [bundle.cleanedRequest];

/**
 * The latest leads, newest first, in the same shape: for the Zap editor's samples.
 * @param {Z} z
 * @param {Bundle} bundle
 */
async function performList(z, bundle) {
  const quizId = chosenQuiz(bundle);
  const response = await z.request({
    url: quizbeamUrl('/api/zapier/leads'),
    params: quizId ? { quizId } : {},
  });
  return response.data;
}

module.exports = {
  key: 'new_lead',
  noun: 'Lead',
  display: {
    label: 'New Lead',
    description: 'Triggers when a visitor of one of your quizzes leaves their email address.',
  },
  operation: {
    type: 'hook',
    inputFields: [
      {
        key: 'quizId',
        label: 'Quiz',
        required: false,
        dynamic: 'quiz_list.id.name',
        helpText: 'Only the leads of this quiz. Leave it empty for the leads of every quiz.',
      },
    ],
    performSubscribe,
    performUnsubscribe,
    perform,
    performList,
    sample: {
      id: '0b9f3c1e-6a2d-4f7b-8c5e-1d2a3b4c5d6e',
      quizId: '8a7f1c52-3e0b-4d6e-9a51-2f0c6d4b7e10',
      quizName: 'Which plan fits you?',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      outcome: 'The Pro plan',
      score: 7,
      answers: [
        { questionId: 1, question: 'How big is your team?', answerId: 2, answer: '10 to 50' },
        { questionId: 4, question: 'Pick your workspace', answerId: 9, answer: 'Image 2 (open-office.jpg)' },
      ],
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      utmTerm: null,
      utmContent: null,
      createdAt: '2026-03-14T09:26:53.000Z',
    },
    outputFields: [
      { key: 'id', label: 'Lead ID' },
      { key: 'quizId', label: 'Quiz ID' },
      { key: 'quizName', label: 'Quiz Name' },
      { key: 'email', label: 'Email' },
      { key: 'name', label: 'Name' },
      { key: 'outcome', label: 'Outcome' },
      { key: 'score', label: 'Score', type: 'number' },
      { key: 'answers[]questionId', label: 'Answers: Question ID', type: 'integer' },
      { key: 'answers[]question', label: 'Answers: Question' },
      { key: 'answers[]answerId', label: 'Answers: Answer ID', type: 'integer' },
      { key: 'answers[]answer', label: 'Answers: Answer' },
      { key: 'utmSource', label: 'UTM Source' },
      { key: 'utmMedium', label: 'UTM Medium' },
      { key: 'utmCampaign', label: 'UTM Campaign' },
      { key: 'utmTerm', label: 'UTM Term' },
      { key: 'utmContent', label: 'UTM Content' },
      { key: 'createdAt', label: 'Created At', type: 'datetime' },
    ],
  },
};
