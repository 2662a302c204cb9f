import { numberSetting, setting } from './embedSettings';

/**
 * Arms a popup's, slide-in's or full page's automatic trigger (its settings on `holder`; nonsense values
 * take the defaults): after N seconds of the page (1–600, default 5), at N% scrolled (1–100, default 50), or
 * when the mouse leaves through the top of the page on a device with a mouse (elsewhere the delay). Loaded
 * with the windows, when the page is idle: the loader stays small.
 */
export function armAutomaticTrigger(holder: Element, show: () => void): void {
  const trigger = setting(holder, 'trigger');
  if (trigger === 'exit' && matchMedia('(pointer:fine)').matches) {
    addEventListener('mouseout', (event) => event.relatedTarget || event.clientY > 0 || show());
  } else if (trigger === 'scroll') {
    const percent = numberSetting(holder, 'scroll', 1, 100, 50);
    addEventListener('scroll', () => {
      const root = document.documentElement;
      if (scrollY * 100 >= (root.scrollHeight - innerHeight) * percent) show();
    });
  } else {
    // Counted from the page's start, not from when this code arrived.
    setTimeout(show, numberSetting(holder, 'delay', 1, 600, 5) * 1000 - performance.now());
  }
}
