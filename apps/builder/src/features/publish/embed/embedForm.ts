import type { EmbedCorner, EmbedMode, EmbedOptions, EmbedTrigger } from '@quizbeam/contracts/embedCodes';

/** The embed form as typed: numbers stay text, so that nonsense can be shown and explained. */
export interface EmbedForm {
  mode: EmbedMode;
  trigger: EmbedTrigger;
  delaySeconds: string;
  scrollPercent: string;
  capDays: string;
  buttonText: string;
  corner: EmbedCorner;
}

export const INITIAL_EMBED_FORM: EmbedForm = {
  mode: 'inline',
  trigger: 'click',
  delaySeconds: '5',
  scrollPercent: '50',
  capDays: '0',
  buttonText: 'Take the quiz',
  corner: 'right',
};

/** A typed number, NaN when the field is empty, so the default applies and the form says so. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function embedOptionsOf(form: EmbedForm, title: string, consentRequired: boolean): EmbedOptions {
  return {
    ...form,
    delaySeconds: typedNumber(form.delaySeconds),
    scrollPercent: typedNumber(form.scrollPercent),
    capDays: typedNumber(form.capDays),
    title,
    consentRequired,
  };
}
