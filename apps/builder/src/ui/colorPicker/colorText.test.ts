import { describe, expect, it } from 'vitest';
import { lowContrastNote, modeOfColorText } from './colorText';

describe('colour text helpers', () => {
  it('reopens rgb() and hsl() values in RGBA mode, anything else in Hex mode', () => {
    expect(modeOfColorText('rgba(1, 2, 3, 1)')).toBe('rgba');
    expect(modeOfColorText(' HSL(1, 2%, 3%)')).toBe('rgba');
    expect(modeOfColorText('#abc')).toBe('hex');
    expect(modeOfColorText('white')).toBe('hex');
    expect(modeOfColorText('')).toBe('hex');
  });

  it('never rounds a failing ratio up to a passing one', () => {
    // #777777 on white is 4.47:1, which one decimal rounded to nearest would print as 4.5.
    expect(lowContrastNote('#777777', '#ffffff')).toBe('Low contrast (4.4:1): text may be hard to read.');
    expect(lowContrastNote('#000000', '#ffffff')).toBeNull();
  });
});
