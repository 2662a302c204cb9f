import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { expect } from 'vitest';
import { ColorPicker } from '../ui/colorPicker/ColorPicker';
import { COLOR_CODE_LABEL } from '../ui/colorPicker/ColorPickerPopup';

/* What the colour picker's tests share: a parent that keeps the value, and the ways to reach its parts. */

export const LABEL = 'Text color';

interface HarnessProps {
  initial?: string;
  themeDefault?: string;
  warning?: string;
  onChange?: (value: string) => void;
}

/** The picker as a screen uses it: the value lives in the parent and follows onChange. */
export function Harness({ initial = '', themeDefault = '#1f2937', warning, onChange }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ColorPicker
        label={LABEL}
        value={value}
        themeDefault={themeDefault}
        warning={warning}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
      <p>Outside</p>
    </>
  );
}

export const field = () => screen.getByRole('combobox', { name: LABEL }) as HTMLInputElement;
export const codeInput = () => screen.getByRole('textbox', { name: COLOR_CODE_LABEL }) as HTMLInputElement;
export const modeButton = (name: 'Hex' | 'RGBA') => screen.getByRole('button', { name });

export async function openPicker() {
  await act(async () => {
    fireEvent.click(field());
  });
  const dialog = screen.getByRole('dialog', { name: LABEL });
  await waitFor(() => expect(document.activeElement).toBe(codeInput()));
  return dialog;
}

export async function typeColor(text: string) {
  fireEvent.change(codeInput(), { target: { value: text } });
  await act(async () => {
    fireEvent.keyDown(codeInput(), { key: 'Enter' });
  });
}

/** react-colorful reads the legacy key code of arrow keys. */
export async function pressArrow(slider: HTMLElement, key: 'ArrowRight' | 'ArrowLeft', keyCode: 39 | 37) {
  await act(async () => {
    fireEvent.keyDown(slider, { key, keyCode, which: keyCode });
    fireEvent.keyUp(slider, { key, keyCode, which: keyCode });
  });
}
