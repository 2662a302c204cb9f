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
      score: 13,
      percent: 81,
      answers: [
        {
          questionId: 1,
          question: 'How big is your team?',
          type: 'single_list',
          answerId: 2,
          answer: '10 to 50',
          display: '10 to 50',
        },
        {
          questionId: 4,
          question: 'Which channels do you use?',
          type: 'multi_list',
          answerIds: [5, 6],
          answers: ['Email', 'Ads'],
          display: 'Email, Ads',
        },
        { questionId: 8, question: 'How confident is your team?', type: 'rating', value: 4, display: '4' },
        {
          questionId: 9,
          question: 'How many employees?',
          type: 'number_input',
          value: 120,
          unit: 'employees',
          display: '120 employees',
        },
        {
          questionId: 10,
          question: 'Your industry',
          type: 'dropdown',
          answerId: 11,
          answer: 'Retail',
          display: 'Retail',
        },
        {
          questionId: 12,
          question: 'Anything else?',
          type: 'text_input',
          text: 'Call me on Monday',
          display: 'Call me on Monday',
        },
      ],
      categories: [
        { id: 20, name: 'Strategy', score: 6, maxScore: 8, percent: 75 },
        { id: 21, name: 'Execution', score: 7, maxScore: 8, percent: 88 },
      ],
      // The capture form's own fields under the keys the marketer gave them (these keys are examples).
      fields: {
        phone: '+15551234567',
        company: 'Analytical Engines Ltd',
        website: 'https://example.com',
        industry: 'Software',
        newsletter: true,
      },
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      utmTerm: null,
      utmContent: null,
      // Every URL field the lead kept (the address parameters the quiz lists) by name; these are examples.
      urlFields: {
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring',
        gclid: 'EAIaIQobChMI',
        ref: 'partner7',
      },
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
      { key: 'percent', label: 'Score (%)', type: 'integer' },
      { key: 'answers[]questionId', label: 'Answers: Question ID', type: 'integer' },
      { key: 'answers[]question', label: 'Answers: Question' },
      { key: 'answers[]type', label: 'Answers: Question Type' },
      { key: 'answers[]display', label: 'Answers: Answer as Shown' },
      { key: 'answers[]answerId', label: 'Answers: Answer ID (single choice)', type: 'integer' },
      { key: 'answers[]answer', label: 'Answers: Answer (single choice)' },
      {
        key: 'answers[]answerIds',
        label: 'Answers: Answer IDs (multiple choice)',
        type: 'integer',
        list: true,
      },
      { key: 'answers[]answers', label: 'Answers: Answers (multiple choice)', list: true },
      { key: 'answers[]value', label: 'Answers: Value (rating, number)', type: 'number' },
      { key: 'answers[]unit', label: 'Answers: Unit (number)' },
      { key: 'answers[]text', label: 'Answers: Text' },
      { key: 'categories[]id', label: 'Categories: ID', type: 'integer' },
      { key: 'categories[]name', label: 'Categories: Name' },
      { key: 'categories[]score', label: 'Categories: Score', type: 'integer' },
      { key: 'categories[]maxScore', label: 'Categories: Maximum Score', type: 'integer' },
      { key: 'categories[]percent', label: 'Categories: Score (%)', type: 'integer' },
      // Zapier names a nested value parent__key; a form field's key is the marketer's, so Zapier also lists
      // the keys the quiz's real leads carry. These are the sample's.
      { key: 'fields__phone', label: 'Form Fields: phone' },
      { key: 'fields__company', label: 'Form Fields: company' },
      { key: 'fields__website', label: 'Form Fields: website' },
      { key: 'fields__industry', label: 'Form Fields: industry' },
      { key: 'fields__newsletter', label: 'Form Fields: newsletter', type: 'boolean' },
      { key: 'utmSource', label: 'UTM Source' },
      { key: 'utmMedium', label: 'UTM Medium' },
      { key: 'utmCampaign', label: 'UTM Campaign' },
      { key: 'utmTerm', label: 'UTM Term' },
      { key: 'utmContent', label: 'UTM Content' },
      // A URL field's name is the marketer's too (ref, partner): Zapier also lists the ones real leads carry.
      { key: 'urlFields__utm_source', label: 'URL Fields: utm_source' },
      { key: 'urlFields__utm_medium', label: 'URL Fields: utm_medium' },
      { key: 'urlFields__utm_campaign', label: 'URL Fields: utm_campaign' },
      { key: 'urlFields__gclid', label: 'URL Fields: gclid' },
      { key: 'urlFields__ref', label: 'URL Fields: ref' },
      { key: 'createdAt', label: 'Created At', type: 'datetime' },
    ],
  },
};
