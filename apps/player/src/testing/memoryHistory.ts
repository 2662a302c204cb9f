import type { QuizPlace, StepHistory } from '../runtime/stepHistory';

/* Test-only: the browser's session history of one page, as pushState, back() and forward() move through it. */
export class MemoryHistory implements StepHistory {
  private entries: QuizPlace[] = [];
  private index = -1;
  private listener: ((place: QuizPlace) => void) | null = null;

  push(place: QuizPlace) {
    this.entries = [...this.entries.slice(0, this.index + 1), place];
    this.index = this.entries.length - 1;
  }
  replace(place: QuizPlace) {
    this.entries[Math.max(this.index, 0)] = place;
    this.index = Math.max(this.index, 0);
  }
  back() {
    this.move(-1);
  }
  forward() {
    this.move(1);
  }
  onMove(listener: (place: QuizPlace) => void) {
    this.listener = listener;
  }
  private move(step: number) {
    const place = this.entries[this.index + step];
    if (!place) return;
    this.index += step;
    this.listener?.(place);
  }
}
