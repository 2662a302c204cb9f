import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Harness, openPicker } from '../../test/colorPicker';

describe('ColorPicker placement', () => {
  const popupHeight = 330;
  const fieldHeight = 44;

  /** jsdom lays nothing out: give the field and the popup the boxes a browser would. */
  function layOut(fieldTop: number, viewportHeight: number) {
    vi.stubGlobal('innerHeight', viewportHeight);
    const isPopup = (element: Element) => element.classList.contains('color-picker__popup');
    return [
      vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
        if (isPopup(this)) return new DOMRect(0, 0, 295, popupHeight);
        if (this.classList.contains('color-picker__field'))
          return new DOMRect(16, fieldTop, 260, fieldHeight);
        return new DOMRect(0, 0, 0, 0);
      }),
      vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
        return isPopup(this) ? popupHeight : 0;
      }),
      vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
        return isPopup(this) ? 295 : 0;
      }),
    ];
  }

  async function expectPopupTop(fieldTop: number, expectedTop: number, viewportHeight = 800) {
    const spies = layOut(fieldTop, viewportHeight);
    try {
      render(<Harness />);
      const dialog = await openPicker();
      await waitFor(() => expect(dialog.style.transform).toMatch(new RegExp(`, ${expectedTop}px\\)$`)), {
        timeout: 2_000,
      });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }

  it('opens below the field when there is the popup height plus 20px below it', async () => {
    // Below: 800 - 444 = 356px, at least 330 + 20.
    await expectPopupTop(400, 400 + fieldHeight + 4);
  });

  it('opens above the field when the room below is less than the popup height plus 20px', async () => {
    // Below: 800 - 744 = 56px, too little; above: 700px, enough. The popup ends 4px over the field.
    await expectPopupTop(700, 700 - popupHeight - 4);
  });

  it('covers the field when neither side has room', async () => {
    // In a 600px window: 256px below and 300px above. It moves up just enough to end 8px over the bottom.
    await expectPopupTop(300, 600 - popupHeight - 8, 600);
  });
});

describe('react-colorful under the builder Content-Security-Policy', () => {
  /**
   * react-colorful injects its stylesheet as a <style> element, which `style-src 'self'` refuses (and
   * Chromium reports as a CSP violation) unless the policy allows this hash. ColorPicker.css keeps the
   * board's look either way; when react-colorful changes its stylesheet, the policy's hash must follow.
   */
  const REACT_COLORFUL_STYLE_HASH = 'sha256-I2px+fnpbN4E5+Djrj7aoTIyq9yyREkuVl19f4Sye9A=';

  it('injects the stylesheet whose hash the policy allows', async () => {
    render(<Harness />);
    await openPicker();
    const injected = [...document.head.querySelectorAll('style')].find((style) =>
      style.textContent?.includes('.react-colorful{'),
    );
    const bytes = new TextEncoder().encode(injected?.textContent ?? '');
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    expect(`sha256-${btoa(String.fromCharCode(...digest))}`).toBe(REACT_COLORFUL_STYLE_HASH);
  });
});
