const { quizbeamUrl } = require('../quizbeamUrl');

/** Hidden: fills the New Lead trigger's quiz dropdown with the account's quizzes. */
module.exports = {
  key: 'quiz_list',
  noun: 'Quiz',
  display: {
    label: 'List Quizzes',
    description: 'The quizzes of your Quizbeam account, for choosing one.',
    hidden: true,
  },
  operation: {
    /**
     * @param {{ request: (options: object) => Promise<{ data: unknown }> }} z
     */
    perform: async (z) => {
      const response = await z.request({ url: quizbeamUrl('/api/zapier/quizzes') });
      return response.data;
    },
    sample: { id: '8a7f1c52-3e0b-4d6e-9a51-2f0c6d4b7e10', name: 'Which plan fits you?' },
  },
};
