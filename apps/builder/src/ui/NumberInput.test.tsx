import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput } from './NumberInput';
import { clampNumber, parseDecimal, stepNumber } from './numberInputRules';

describe('number input rules', () => {
  it('parses decimals and gives null for anything else', () => {
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal(' 1.5 ')).toBe(1.5);
    expect(parseDecimal('-3')).toBe(-3);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal('1,5')).toBeNull();
  });

  it('clamps to the optional bounds', () => {
    expect(clampNumber(-1, 0)).toBe(0);
    expect(clampNumber(11, 0, 10)).toBe(10);
    expect(clampNumber(5)).toBe(5);
  });

  it('steps without floating-point noise and within bounds', () => {
    expect(stepNumber(0.1, 1, 0.2)).toBe(0.3);
    expect(stepNumber(10, 1, 1, 0, 10)).toBe(10);
    expect(stepNumber(null, -1, 1, 0)).toBe(0);
  });
});

function Controlled({
  onChange,
  min,
  max,
}: {
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
}) {
  const [value, setValue] = useState<number | null>(2);
  return (
    <NumberInput
      label="Points"
      value={value}
      min={min}
      max={max}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('NumberInput', () => {
  it('reports the parsed, clamped number, or null when it is not a number', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} min={0} max={10} />);
    const input = screen.getByRole('spinbutton', { name: 'Points' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '4.5' } });
    expect(onChange).toHaveBeenLastCalledWith(4.5);
    fireEvent.change(input, { target: { value: '25' } });
    expect(onChange).toHaveBeenLastCalledWith(10);
    fireEvent.change(input, { target: { value: 'x' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    fireEvent.change(input, { target: { value: '-4' } });
    fireEvent.blur(input);
    expect(input.value).toBe('0');
  });

  it('steps by 1 with the arrow keys', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} max={3} />);
    const input = screen.getByRole('spinbutton', { name: 'Points' }) as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith(3);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith(3);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(input.value).toBe('2');
  });
});
