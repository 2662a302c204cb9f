import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  codeInput,
  field,
  Harness,
  LABEL,
  modeButton,
  openPicker,
  pressArrow,
  typeColor,
} from '../../test/colorPicker';
import { NOT_A_COLOR_TEXT } from './ColorPickerPopup';

describe('ColorPicker', () => {
  it("shows the theme's colour while no colour is set, read-only and without a clear action", () => {
    const { container } = render(<Harness themeDefault="#1f2937" />);
    expect(field().value).toBe('Theme color (#1f2937)');
    expect(field().readOnly).toBe(true);
    const swatch = container.querySelector<HTMLElement>('.color-picker__swatch-fill');
    expect(swatch?.style.backgroundColor).toBe('rgb(31, 41, 55)');
    expect(screen.queryByRole('button', { name: `Clear ${LABEL}` })).toBeNull();
  });

  it('shows a chosen colour, and clearing it goes back to the theme colour', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness initial="rgba(255, 0, 0, 0.5)" onChange={onChange} />);
    expect(field().value).toBe('rgba(255, 0, 0, 0.5)');
    const swatch = container.querySelector<HTMLElement>('.color-picker__swatch-fill');
    expect(swatch?.style.backgroundColor).toBe('rgba(255, 0, 0, 0.5)');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Clear ${LABEL}` }));
    });
    expect(onChange.mock.calls).toEqual([['']]);
    expect(field().value).toBe('Theme color (#1f2937)');
    expect(swatch?.style.backgroundColor).toBe('rgb(31, 41, 55)');
  });

  it('opens on a click into a dialog named by the label, and a second click closes it', async () => {
    render(<Harness />);
    expect(field().getAttribute('aria-expanded')).toBe('false');
    const dialog = await openPicker();
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(field().getAttribute('aria-controls')).toBe(dialog.id);
    expect(screen.getByRole('slider', { name: 'Color' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Hue' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Alpha' })).toBeTruthy();
    expect(codeInput().value).toBe('#1f2937');
    await act(async () => {
      fireEvent.click(field());
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens from the keyboard too', async () => {
    render(<Harness />);
    await act(async () => {
      fireEvent.keyDown(field(), { key: 'Enter' });
    });
    expect(screen.getByRole('dialog', { name: LABEL })).toBeTruthy();
  });

  it('closes on a press outside, keeping what was typed', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await openPicker();
    fireEvent.change(codeInput(), { target: { value: 'white' } });
    await act(async () => {
      fireEvent.pointerDown(screen.getByText('Outside'));
      fireEvent.mouseDown(screen.getByText('Outside'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange.mock.calls).toEqual([['#ffffff']]);
  });

  it('closes on Escape, dropping what was typed, and gives focus back to the field', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await openPicker();
    fireEvent.change(codeInput(), { target: { value: 'white' } });
    await act(async () => {
      fireEvent.keyDown(codeInput(), { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(field()));
  });

  it('reads rgb() typed in Hex mode, clamps its channels and emits hex', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await openPicker();
    expect(modeButton('Hex').getAttribute('aria-pressed')).toBe('true');
    await typeColor('rgb(300,0,0)');
    expect(onChange.mock.calls).toEqual([['#ff0000']]);
    expect(codeInput().value).toBe('#ff0000');
    expect(field().value).toBe('#ff0000');
  });

  it('reads hsl() typed in RGBA mode and emits rgba()', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await openPicker();
    await act(async () => {
      fireEvent.click(modeButton('RGBA'));
    });
    // The theme's colour still applies: switching the format alone sets nothing.
    expect(onChange).not.toHaveBeenCalled();
    expect(codeInput().value).toBe('rgba(31, 41, 55, 1)');
    await typeColor('hsl(120, 100%, 50%)');
    expect(onChange.mock.calls).toEqual([['rgba(0, 255, 0, 1)']]);
  });

  it('keeps the last colour and says "Not a color" while the typed text is not a colour', async () => {
    const onChange = vi.fn();
    render(<Harness initial="#ff0000" onChange={onChange} />);
    await openPicker();
    for (const text of ['garbage!!', '#12345']) {
      await typeColor(text);
      expect(onChange).not.toHaveBeenCalled();
      expect(field().value).toBe('#ff0000');
      expect(codeInput().value).toBe(text);
      expect(codeInput().getAttribute('aria-invalid')).toBe('true');
      const message = screen.getByText(NOT_A_COLOR_TEXT);
      expect(codeInput().getAttribute('aria-describedby')).toBe(message.id);
    }
    // Leaving the input does not apply it either.
    await act(async () => {
      fireEvent.blur(codeInput());
    });
    expect(onChange).not.toHaveBeenCalled();

    await typeColor('#00ff00');
    expect(onChange.mock.calls).toEqual([['#00ff00']]);
    expect(field().value).toBe('#00ff00');
    expect(screen.queryByText(NOT_A_COLOR_TEXT)).toBeNull();
    expect(codeInput().getAttribute('aria-invalid')).toBeNull();
  });

  it('drops text that is not a colour when the popup closes, keeping the last colour', async () => {
    const onChange = vi.fn();
    render(<Harness initial="#ff0000" onChange={onChange} />);
    await openPicker();
    fireEvent.change(codeInput(), { target: { value: 'garbage!!' } });
    await act(async () => {
      fireEvent.pointerDown(screen.getByText('Outside'));
      fireEvent.mouseDown(screen.getByText('Outside'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(field().value).toBe('#ff0000');
    await openPicker();
    expect(codeInput().value).toBe('#ff0000');
    expect(screen.queryByText(NOT_A_COLOR_TEXT)).toBeNull();
  });

  it('applies typed text on blur as well as on Enter', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await openPicker();
    fireEvent.change(codeInput(), { target: { value: 'rebeccapurple' } });
    await act(async () => {
      fireEvent.blur(codeInput());
    });
    expect(onChange.mock.calls).toEqual([['#663399']]);
  });

  it('rewrites a chosen colour in the other format when the mode switches, and reopens in it', async () => {
    const onChange = vi.fn();
    render(<Harness initial="#ff000080" onChange={onChange} />);
    await openPicker();
    await act(async () => {
      fireEvent.click(modeButton('RGBA'));
    });
    expect(onChange.mock.calls).toEqual([['rgba(255, 0, 0, 0.5)']]);
    await act(async () => {
      fireEvent.click(field());
    });
    await openPicker();
    expect(modeButton('RGBA').getAttribute('aria-pressed')).toBe('true');
    expect(codeInput().value).toBe('rgba(255, 0, 0, 0.5)');
  });

  it('moves the saturation by 5% per arrow key', async () => {
    const onChange = vi.fn();
    render(<Harness initial="#ff8080" onChange={onChange} />);
    await openPicker();
    const board = screen.getByRole('slider', { name: 'Color' });
    expect(board.getAttribute('aria-valuetext')).toBe('Saturation 50%, Brightness 100%');
    await pressArrow(board, 'ArrowRight', 39);
    expect(board.getAttribute('aria-valuetext')).toBe('Saturation 55%, Brightness 100%');
    // Saturation 49.8% + 5% = 54.8%: green and blue fall from 128 to 115.
    expect(onChange.mock.calls).toEqual([['#ff7373']]);
    await pressArrow(board, 'ArrowLeft', 37);
    await pressArrow(board, 'ArrowLeft', 37);
    expect(board.getAttribute('aria-valuetext')).toBe('Saturation 45%, Brightness 100%');
  });

  it('moves the alpha by 5% per arrow key', async () => {
    const onChange = vi.fn();
    render(<Harness initial="rgba(0, 0, 255, 1)" onChange={onChange} />);
    await openPicker();
    await pressArrow(screen.getByRole('slider', { name: 'Alpha' }), 'ArrowLeft', 37);
    expect(onChange.mock.calls).toEqual([['rgba(0, 0, 255, 0.95)']]);
  });

  it('shows the warning it is given under the field, which it describes', () => {
    const warning = 'Text on background: contrast 1.5:1, below the 4.5:1 that WCAG AA asks for.';
    const { rerender } = render(<Harness initial="#1e3a8a" warning={warning} />);
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(warning);
    expect(field().getAttribute('aria-describedby')).toBe(note.id);
    rerender(<Harness initial="#1e3a8a" key="no warning" />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(field().getAttribute('aria-describedby')).toBeNull();
  });
});
