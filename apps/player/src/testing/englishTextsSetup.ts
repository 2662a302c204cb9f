import { en } from '@quizbeam/contracts/visitorTexts/en';
import { afterEach } from 'vitest';
import { useVisitorTexts } from '../visitorText';
import { PAGE_GLOBALS, startAddress, windowParent } from './pageState';

// Screens drawn in a test without a page's data are drawn in English, as an English quiz's page would be.
useVisitorTexts('en', en);

// Test files share one window: each test leaves the page as it found it, whatever it stubbed or drew.
afterEach(() => {
  if (typeof window === 'undefined') return;
  if (windowParent) Object.defineProperty(window, 'parent', windowParent);
  for (const name of ['class', 'lang', 'dir']) document.documentElement.removeAttribute(name);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  history.replaceState(null, '', startAddress);
  for (const name of PAGE_GLOBALS) Reflect.deleteProperty(window, name);
  localStorage.clear();
  sessionStorage.clear();
});
