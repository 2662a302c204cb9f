/** The list sizes quizSchema accepts; the add functions throw beyond them. */
export const MAX_QUESTIONS = 500;
export const MAX_ANSWERS_PER_QUESTION = 50;
export const MAX_OUTCOMES = 200;
