import type { VisitorResult } from '@quizbeam/contracts/visitorEvents';
import type { PublishedQuizView } from '../playerData';
import { emitQuizEvent } from './quizEvents';
import type { LeadFields, Visitor } from './visitor';

/**
 * What the marketer's opt-in and completion scripts find in `window.quizbeam.lead` before they run (see
 * docs/measurement.md). A completion without a lead has no email, name or fields.
 */
export interface ScriptLead {
  email?: string;
  name?: string | null;
  /** The capture form's other fields by their keys. */
  fields?: Record<string, string | boolean>;
  outcome: { id: number | null; name: string };
  score: number;
  maxScore: number;
  percent: number;
  /** Scored quizzes with categories: each category's id, name, score, maxScore and percent. */
  categoryScores: VisitorResult['categories'];
  urlFields: Record<string, string>;
}

export interface ScriptData {
  lead: ScriptLead;
}

/** The page's window as the marketer's scripts read it. */
export const scriptWindow = (): { quizbeam?: ScriptData } => window as { quizbeam?: ScriptData };

/**
 * A published page's visitor that also tells the page what happens (emitQuizEvent): the view, the start,
 * each answer with its question's number and type, the lead with the id its server-side conversions share,
 * and the result. Before the runner runs the marketer's scripts for a lead or a result, `window.quizbeam`
 * holds its data. The editor's preview has a visitor of its own, so it emits nothing and no tag hears of it.
 */
export function withQuizEvents(
  visitor: Visitor,
  quiz: PublishedQuizView,
  eventId: string,
  urlFields: Record<string, string>,
): Visitor {
  const finished = (result: VisitorResult, lead?: LeadFields): VisitorResult => {
    const { score, maxScore, percent, categories: categoryScores } = result;
    const name = result.outcome.title;
    const scores = { score, maxScore, percent, categoryScores };
    const keys = new Map(quiz.leadCapture?.fields.map((field) => [field.id, field.key]));
    scriptWindow().quizbeam = {
      lead: {
        ...(lead && {
          email: lead.email,
          name: lead.name,
          fields: Object.fromEntries(
            Object.entries(lead.fields ?? {}).map(([id, value]) => [keys.get(id) ?? id, value]),
          ),
        }),
        outcome: { id: result.outcomeId, name },
        ...scores,
        urlFields,
      },
    };
    if (lead) emitQuizEvent('lead_submitted', { eventId });
    emitQuizEvent('quiz_complete', { outcomeName: name, ...scores });
    return result;
  };

  return {
    track(event) {
      visitor.track(event);
      if (event.type === 'visit') emitQuizEvent('quiz_view');
      if (event.type === 'start') emitQuizEvent('quiz_start');
      if (event.type === 'answer') {
        const index = quiz.questions.findIndex((question) => question.id === event.questionId);
        emitQuizEvent('question_answered', {
          questionNumber: index + 1,
          questionType: quiz.questions[index]?.type,
        });
      }
    },
    complete: (answers) => visitor.complete(answers).then(finished),
    submitLead: (answers, lead) => visitor.submitLead(answers, lead).then((result) => finished(result, lead)),
  };
}
