const { version: platformVersion } = require('zapier-platform-core');
const { version } = require('./package.json');
const authentication = require('./authentication');
const { addApiKeyHeader, refuseWrongKey } = require('./middleware');
const newLead = require('./triggers/newLead');
const quizList = require('./triggers/quizList');

/** Quizbeam for Zapier: a quiz's new leads start Zaps (REST hook, with the latest leads as samples). */
module.exports = {
  version,
  platformVersion,
  authentication,
  beforeRequest: [addApiKeyHeader],
  afterResponse: [refuseWrongKey],
  triggers: {
    [newLead.key]: newLead,
    [quizList.key]: quizList,
  },
};
