import { EMBED_CSS } from './embedCss';
import { setting } from './embedSettings';

/** A popup, slide-in or full page of one quiz: built (its frame loading) on preload or first open, then shown or hidden. */
export interface QuizWindow {
  preload(): void;
  /** `byVisitor`: a click opened it (the focus moves in even for a slide-in, and no frequency cap follows). */
  open(byVisitor: boolean): void;
  close(): void;
}

const doc = document;

/** `holder` carries the settings (mode, corner, title); `onChange` hears each opening and closing. */
export function quizWindow(
  holder: Element,
  frameFor: (window: QuizWindow) => HTMLIFrameElement,
  onChange: (opened: boolean, automatic: boolean) => void,
): QuizWindow {
  const mode = setting(holder, 'mode');
  const modal = mode !== 'slide-in';
  const pageStyle = doc.documentElement.style;
  let layer: HTMLElement | undefined;
  let closeButton: HTMLElement;
  let returnTo: Element | null;
  let pageOverflow = '';
  let automatic = false;

  function build(): HTMLElement {
    if (layer) return layer;
    if (!doc.querySelector('.qbe')) doc.head.insertAdjacentHTML('beforeend', `<style class=qbe>${EMBED_CSS}`);
    // Focus guards around a modal's content: Tab past the quiz comes round to the close button, and back.
    const guard = modal ? '<span tabindex=0></span>' : '';
    const kind = modal
      ? `${mode === 'full-page' ? 'qbe-f' : ''}" role=dialog aria-modal=true`
      : `qbe-s ${setting(holder, 'corner') === 'left' ? 'qbe-l' : ''}" role=region`;
    const backdrop = doc.createElement('div');
    backdrop.innerHTML = `<div class="qbe-d ${kind}>${guard}<button type=button class=qbe-x aria-label="Close quiz">×</button>${guard}</div>`;
    const box = backdrop.firstChild as HTMLElement;
    const frame = frameFor(self);
    closeButton = box.querySelector('button') as HTMLElement;
    closeButton.after(frame);
    closeButton.onclick = self.close;
    frame.className = 'qbe-i';
    frame.title = setting(holder, 'title') || 'Quiz';
    box.setAttribute('aria-label', frame.title);
    box.querySelectorAll('span').forEach((span, index) => {
      span.onfocus = () => (index ? closeButton : frame).focus();
    });
    addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && (modal || box.contains(doc.activeElement))) self.close();
    });
    backdrop.className = 'qbe-b';
    layer = doc.body.appendChild(modal ? backdrop : box);
    layer.style.display = 'none';
    return layer;
  }

  /** Shows or hides the window; while a modal one is open the page beneath does not scroll. */
  function show(opened: boolean): boolean {
    const shown = build().style;
    if ((shown.display === 'none') !== opened) return false;
    shown.display = opened ? '' : 'none';
    if (modal) {
      if (opened) pageOverflow = pageStyle.overflow;
      pageStyle.overflow = opened ? 'hidden' : pageOverflow;
    }
    onChange(opened, automatic);
    return true;
  }

  const self: QuizWindow = {
    preload: () => {
      build();
    },
    open(byVisitor) {
      const focused = doc.activeElement;
      automatic = !byVisitor;
      if (!show(true)) return;
      returnTo = focused;
      if (modal || byVisitor) closeButton.focus();
    },
    close() {
      if (show(false) && returnTo instanceof HTMLElement) returnTo.focus();
    },
  };

  return self;
}
