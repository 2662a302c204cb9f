import { MAX_DROPDOWN_OPTIONS } from '@quizbeam/contracts/quizConstants';

/** The longest answer text the quiz document takes. */
const MAX_OPTION_LENGTH = 500;

/** A pasted list's options: one per line, trimmed, empty lines left out, each cut to the answer's length. */
export function pastedOptions(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => line.slice(0, MAX_OPTION_LENGTH));
}

const options = (count: number) => (count === 1 ? '1 option' : `${count.toLocaleString('en-US')} options`);

/** What a paste did: how many options went in and, when the list was over the cap, how many were cut. */
export function pasteResultText(pasted: number, added: number): string {
  const cut = pasted - added;
  const addedText = `Added ${options(added)}.`;
  if (cut === 0) return addedText;
  return `${addedText} A dropdown holds at most ${MAX_DROPDOWN_OPTIONS} options, so the other ${options(cut)} were cut.`;
}
