// The editor's score analysis (maximum, achievable totals, category maxima and the warnings built on them) of
// the worst 100-question quiz we could build: every question multi-select with 50 answers of 10 points (501
// totals each), answers jumping forward and back so the flow has cycles, 20 categories, outcomes by percentage.
// Run in Node with the engine the editor bundles; median and worst of 30 runs (after three warm-up runs; the
// very first, which also compiles the code, is printed apart) against the 50 ms target.
import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET } from '@quizbeam/contracts/quizConstants';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { quizWarnings } from '@quizbeam/quiz-engine/quizWarnings';
import { categoryMaxima } from '@quizbeam/quiz-engine/results';
import { analyseScoresCounted } from '@quizbeam/quiz-engine/scoring';

const TARGET_MS = 50;
const RUNS = 30;
const QUESTIONS = 100;
const ANSWERS = 50;
const CATEGORIES = 20;

function worstQuiz(withCycles: boolean): Quiz {
  let nextId = 1;
  const take = () => nextId++;
  const categories = Array.from({ length: CATEGORIES }, (_, index) => ({
    id: take(),
    name: `Category ${index + 1}`,
  }));
  const questionIds = Array.from({ length: QUESTIONS }, take);
  const rule = (behaviour: 'follow_question' | 'specific_question' | 'end_quiz', target: number | null) => ({
    defaultBehaviour: 'follow_question' as const,
    behaviour,
    target: behaviour === 'end_quiz' ? END_QUIZ_TARGET : target,
  });
  const questions: Question[] = questionIds.map((id, index) => ({
    id,
    rank: index + 1,
    type: 'multi_list',
    image: null,
    text: `Question ${index + 1}`,
    next: { defaultBehaviour: 'next_in_list', behaviour: 'next_in_list', target: null },
    selection: { min: 1, max: ANSWERS - 1 },
    category: categories[index % CATEGORIES]?.id ?? null,
    answers: Array.from({ length: ANSWERS }, (_, answer) => {
      // Every fifth answer branches: forward two questions, or back to the first (cycles), or to the end.
      const branch = answer % 5 === 4;
      const back = withCycles && answer % 10 === 9 && index > 0;
      const forward = questionIds[index + 2];
      return {
        id: take(),
        text: `Answer ${answer + 1}`,
        image: null,
        imageCaption: '',
        points: 10 - (answer % 3),
        outcome: null,
        next: !branch
          ? rule('follow_question', null)
          : back
            ? rule('specific_question', questionIds[0] ?? null)
            : forward === undefined
              ? rule('end_quiz', null)
              : rule('specific_question', forward),
      };
    }),
  }));
  const base = newQuiz({ id: 'bench', name: 'Score analysis', type: 'scored' });
  const outcomes = [0, 1, 2].map((index) => ({
    ...(base.outcomes[0] ?? {}),
    id: take(),
    rank: index + 1,
    name: `Outcome ${index + 1}`,
    type: 'text' as const,
    redirect: '',
    descriptions: [`[[percent:Category ${index + 1}]]%`],
    image: null,
    enableSocialSharing: false,
    enableCta: false,
    ctaButtonText: '',
    ctaUrl: '',
    scoreRange: { from: index * 34, to: Math.min(100, index * 34 + 33) },
    leadCaptureSettings: {
      targetId: null,
      webhookIds: [],
      headerText: '',
      descriptionText: '',
      htmlFormSettings: null,
      dataUsageNote: '',
      privacyPolicyUrl: '',
    },
  }));
  return {
    ...base,
    questions,
    outcomes,
    categories,
    scoring: { outcomeBy: 'percent', showCategoryBars: true },
    nextId,
  };
}

/** What the editor works out after a change: the analysis, the categories' maxima and the warnings. */
function analyse(quiz: Quiz): { steps: number; exact: boolean } {
  const analysis = analyseScoresCounted(quiz);
  categoryMaxima(quiz);
  quizWarnings(quiz);
  return analysis;
}

const timed = (work: () => void): number => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

/**
 * Opening: the quiz as just loaded (every question a new object, nothing worked out yet). Editing: one
 * question's text changed, as a keystroke does, so only that question is new.
 */
function measure(quiz: Quiz) {
  // Warm-up runs: the first analyses also pay for compiling the engine's code, which the editor has long done
  // by the time a marketer edits (reported apart).
  const cold = timed(() => analyse(structuredClone(quiz)));
  for (let run = 0; run < 3; run++) analyse(structuredClone(quiz));
  const opening: number[] = [];
  const editing: number[] = [];
  let last = { steps: 0, exact: false };
  let current = quiz;
  for (let run = 0; run < RUNS; run++) {
    const loaded = structuredClone(quiz);
    opening.push(timed(() => analyse(loaded)));
    const position = run % current.questions.length;
    current = {
      ...loaded,
      questions: loaded.questions.map((question, index) =>
        index === position ? { ...question, text: `${question.text} (edited ${run})` } : question,
      ),
    };
    editing.push(timed(() => (last = analyse(current))));
  }
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  const figures = (list: number[]) => ({
    median: sorted(list)[Math.floor(RUNS / 2)] ?? 0,
    worst: sorted(list)[RUNS - 1] ?? 0,
  });
  return { cold, opening: figures(opening), editing: figures(editing), ...last };
}

let failed = false;
for (const withCycles of [false, true]) {
  const { cold, opening, editing, steps, exact } = measure(worstQuiz(withCycles));
  const ratio = Math.max(opening.worst, editing.worst) / TARGET_MS;
  failed ||= ratio > 1;
  const show = ({ median, worst }: { median: number; worst: number }) =>
    `median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms`;
  console.log(
    `${withCycles ? 'with cycles' : 'without cycles'}: first run ${cold.toFixed(1)} ms; ` +
      `opening ${show(opening)}; after an edit ${show(editing)} ` +
      `(${steps.toLocaleString('en-US')} steps, maximum ${exact ? 'exact' : 'an upper bound'}); ` +
      `worst ÷ ${TARGET_MS} ms = ${ratio.toFixed(2)}`,
  );
}
process.exitCode = failed ? 1 : 0;
