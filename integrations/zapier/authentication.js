const { quizbeamUrl } = require('./quizbeamUrl');

/**
 * API-key authentication: the key from Quizbeam's Zapier page, tested against /api/zapier/me, whose
 * answer (the account's name and email) labels the connection.
 */
module.exports = {
  type: 'custom',
  fields: [
    {
      key: 'apiKey',
      label: 'API Key',
      required: true,
      type: 'string',
      helpText: 'Find it in Quizbeam, on the **Zapier** page: Copy, then paste it here.',
    },
  ],
  /**
   * @param {{ request: (options: object) => Promise<{ data: unknown }> }} z
   */
  test: async (z) => {
    const response = await z.request({ url: quizbeamUrl('/api/zapier/me') });
    return response.data;
  },
  connectionLabel: '{{email}} ({{name}})',
};
