/**
 * Where Quizbeam answers: its APP_URL, set for the Zapier app with
 * `zapier env:set <version> QUIZBEAM_URL=https://quizzes.example.com` (and in the tests).
 * Read at each request, so a changed setting applies without a new version.
 *
 * @param {string} path starting with "/"
 * @returns {string}
 */
function quizbeamUrl(path) {
  const base = process.env.QUIZBEAM_URL;
  if (!base) {
    throw new Error(
      'QUIZBEAM_URL is not set: run `zapier env:set <version> QUIZBEAM_URL=<your Quizbeam address>`.',
    );
  }
  return `${base.replace(/\/+$/, '')}${path}`;
}

module.exports = { quizbeamUrl };
