import type { Answered, VisitorEvent, VisitorResult } from '@quizbeam/contracts/visitorEvents';

export interface LeadFields {
  email: string;
  name: string | null;
  consent: boolean;
}

/** What the quiz reports and asks for: the server on a published page, the engine in preview. */
export interface Visitor {
  track(event: VisitorEvent): void;
  complete(answers: Answered[]): Promise<VisitorResult>;
  submitLead(answers: Answered[], lead: LeadFields): Promise<VisitorResult>;
}
