import type { Answered, VisitorEvent, VisitorResult } from '@quizbeam/contracts/visitorEvents';

export interface LeadFields {
  email: string;
  name: string | null;
  consent: boolean;
  /** The capture form's other fields by field id; absent when the form has none. */
  fields?: Record<string, string | boolean>;
}

/** The server refused one of the lead's values: `field` names the form's control (`f3`, `email`). */
export class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the quiz reports and asks for: the server on a published page, the engine in preview. */
export interface Visitor {
  track(event: VisitorEvent): void;
  complete(answers: Answered[]): Promise<VisitorResult>;
  /** Rejects with a FieldRefusal when the server refuses a value of the form. */
  submitLead(answers: Answered[], lead: LeadFields): Promise<VisitorResult>;
}
