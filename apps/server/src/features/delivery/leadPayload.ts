/** One answer of a lead: ids, and the labels the visitor's version of the quiz gives them (never blank). */
export interface AnsweredQuestion {
  questionId: number;
  question: string;
  answerId: number;
  answer: string;
}

/** What a destination learns about a lead: the worker builds it from the lead row and the snapshot's outcome. */
export interface LeadForDelivery {
  id: string;
  quizId: string;
  quizName: string | null;
  email: string;
  name: string | null;
  /** The title with its shortcodes filled with the lead's score (taken out for general quizzes). */
  outcome: { id: number; title: string } | null;
  quizType: 'general' | 'scored';
  score: number;
  /** In the order answered. */
  answers: AnsweredQuestion[];
  /** utm_source, utm_medium, utm_campaign, utm_term, utm_content when the page had them. */
  utm: Record<string, string>;
  consent: boolean;
  /** The confirmation text the visitor saw, or null when the form had none. */
  consentText: string | null;
  createdAt: Date;
}

/** The body of every webhook delivery (and of "Send test"): the Standard Webhooks shape, type then data. */
export interface LeadCreatedPayload {
  type: 'lead.created';
  /** When the lead was stored (ISO 8601); the same on every retry. */
  timestamp: string;
  data: {
    leadId: string;
    quizId: string;
    quizName: string | null;
    email: string;
    name: string | null;
    outcome: { id: number; title: string } | null;
    score: number;
    answers: AnsweredQuestion[];
    utm: Record<string, string>;
    consent: boolean;
    consentText: string | null;
    createdAt: string;
  };
}

export function leadCreatedPayload(lead: LeadForDelivery): LeadCreatedPayload {
  const createdAt = lead.createdAt.toISOString();
  return {
    type: 'lead.created',
    timestamp: createdAt,
    data: {
      leadId: lead.id,
      quizId: lead.quizId,
      quizName: lead.quizName,
      email: lead.email,
      name: lead.name,
      outcome: lead.outcome,
      score: lead.score,
      answers: lead.answers,
      utm: lead.utm,
      consent: lead.consent,
      consentText: lead.consentText,
      createdAt,
    },
  };
}
