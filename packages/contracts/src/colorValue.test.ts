import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  BLACK,
  contrastRatio,
  isColorChoice,
  parseColor,
  readColor,
  toHex,
  toRgbaText,
} from './colorValue';

describe('parseColor', () => {
  it('reads hex in its short, long and alpha forms', () => {
    expect(parseColor('#abc')).toEqual({ r: 170, g: 187, b: 204, a: 1 });
    expect(parseColor('#aabbcc')).toEqual({ r: 170, g: 187, b: 204, a: 1 });
    expect(parseColor('#AABBCC')).toEqual({ r: 170, g: 187, b: 204, a: 1 });
    expect(parseColor('#aabbccdd')).toEqual({ r: 170, g: 187, b: 204, a: 0.867 });
    // colord keeps the shortest alpha that writes back as the same byte (0x80 is 0.50196…).
    expect(parseColor('#aabbcc80').a).toBe(0.5);
    expect(toHex(parseColor('#aabbcc80'))).toBe('#aabbcc80');
  });

  it('reads rgb() and rgba(), with commas or spaces', () => {
    expect(parseColor('rgb(1, 2, 3)')).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(parseColor('rgba(10,20,30,0.5)')).toEqual({ r: 10, g: 20, b: 30, a: 0.5 });
    expect(parseColor('rgb(10 20 30 / 25%)')).toEqual({ r: 10, g: 20, b: 30, a: 0.25 });
  });

  it('reads hsl() and hsla()', () => {
    expect(parseColor('hsl(120, 100%, 50%)')).toEqual({ r: 0, g: 255, b: 0, a: 1 });
    expect(parseColor('hsla(240, 100%, 50%, 0.25)')).toEqual({ r: 0, g: 0, b: 255, a: 0.25 });
    expect(parseColor('hsl(0, 0%, 100%)')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
  });

  it('reads named colours, in any case', () => {
    expect(parseColor('rebeccapurple')).toEqual({ r: 102, g: 51, b: 153, a: 1 });
    expect(parseColor('white')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('White')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('transparent')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
  });

  it('ignores surrounding spaces', () => {
    expect(parseColor('  #fff \n')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
  });

  it('treats anything unparsable as opaque black', () => {
    for (const input of ['', 'garbage', '#12345', '#ggg', 'rgb(1, 2)', 'hsl(red)', 'notacolour']) {
      expect(parseColor(input), input).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    }
    expect(BLACK).toEqual({ r: 0, g: 0, b: 0, a: 1 });
  });

  it('returns a fresh black each time, so a caller cannot change BLACK', () => {
    const black = parseColor('garbage');
    black.r = 255;
    expect(parseColor('garbage').r).toBe(0);
    expect(BLACK.r).toBe(0);
  });

  it('clamps alpha to 0..1', () => {
    expect(parseColor('rgba(1, 2, 3, 2)').a).toBe(1);
    expect(parseColor('rgba(1, 2, 3, -1)').a).toBe(0);
    expect(parseColor('hsla(0, 100%, 50%, 7)').a).toBe(1);
  });

  it('clamps channels to 0..255 and rounds them to whole numbers', () => {
    expect(parseColor('rgb(300, -5, 20)')).toEqual({ r: 255, g: 0, b: 20, a: 1 });
    expect(parseColor('rgba(1.6, 2.4, 3, 1)')).toEqual({ r: 2, g: 2, b: 3, a: 1 });
  });
});

describe('readColor', () => {
  it('reads what parseColor reads, and says null where parseColor would say black', () => {
    expect(readColor(' rgba(300, 2, 3, 0.5) ')).toEqual({ r: 255, g: 2, b: 3, a: 0.5 });
    expect(readColor('black')).toEqual(BLACK);
    for (const input of ['', 'garbage!!', '#12345', 'rgb(1, 2)']) expect(readColor(input), input).toBeNull();
  });
});

describe('isColorChoice', () => {
  it("accepts '' (the theme's colour) and every form parseColor reads", () => {
    for (const input of ['', '#abc', '#aabbccdd', 'rgba(0, 0, 0, 0.5)', 'hsl(1, 2%, 3%)', 'rebeccapurple']) {
      expect(isColorChoice(input), input).toBe(true);
    }
  });

  it('refuses what parseColor would turn into black', () => {
    for (const input of ['garbage', '#12345', ' ', 'rgb(1, 2)']) {
      expect(isColorChoice(input), input).toBe(false);
    }
  });
});

describe('toHex', () => {
  it('writes #rrggbb for an opaque colour', () => {
    expect(toHex({ r: 255, g: 0, b: 0, a: 1 })).toBe('#ff0000');
    expect(toHex(parseColor('rebeccapurple'))).toBe('#663399');
    expect(toHex(parseColor('#ABC'))).toBe('#aabbcc');
  });

  it('adds the alpha byte when the colour is translucent', () => {
    expect(toHex({ r: 255, g: 0, b: 0, a: 0.5 })).toBe('#ff000080');
    expect(toHex({ r: 0, g: 0, b: 0, a: 0 })).toBe('#00000000');
  });

  it('clamps and rounds what it is given', () => {
    expect(toHex({ r: 300, g: -4, b: 2.6, a: 3 })).toBe('#ff0003');
  });
});

describe('toRgbaText', () => {
  it('writes whole channels and the alpha rounded to two decimals', () => {
    expect(toRgbaText({ r: 255, g: 0, b: 0, a: 1 })).toBe('rgba(255, 0, 0, 1)');
    expect(toRgbaText({ r: 1.6, g: 2.4, b: 3, a: 0.333 })).toBe('rgba(2, 2, 3, 0.33)');
    expect(toRgbaText(parseColor('hsl(120, 100%, 50%)'))).toBe('rgba(0, 255, 0, 1)');
  });

  it('clamps channels and alpha', () => {
    expect(toRgbaText({ r: 300, g: -4, b: 3, a: 3 })).toBe('rgba(255, 0, 3, 1)');
    expect(toRgbaText({ r: 0, g: 0, b: 0, a: -2 })).toBe('rgba(0, 0, 0, 0)');
  });

  it('is read back by parseColor as the same colour', () => {
    const color = { r: 12, g: 34, b: 56, a: 0.75 };
    expect(parseColor(toRgbaText(color))).toEqual(color);
    expect(parseColor(toHex({ ...color, a: 1 }))).toEqual({ ...color, a: 1 });
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white, either way round, and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('white', 'black')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(contrastRatio('rebeccapurple', 'rgb(102, 51, 153)')).toBe(1);
  });

  it('measures known pairs against the AA threshold for text', () => {
    // #767676 on white is the classic lightest grey that still passes AA (4.54:1); #777777 fails (4.47:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(AA_TEXT_CONTRAST);
    expect(AA_TEXT_CONTRAST).toBe(4.5);
  });

  it('lays a translucent foreground over the background first', () => {
    // Half-transparent black over white is rgb(128, 128, 128).
    expect(contrastRatio('rgba(0, 0, 0, 0.5)', '#ffffff')).toBe(contrastRatio('#808080', '#ffffff'));
    expect(contrastRatio('rgba(0, 0, 0, 0)', '#ffffff')).toBe(1);
  });

  it('lays a translucent background over the backdrop (white unless given)', () => {
    expect(contrastRatio('#000000', 'rgba(0, 0, 0, 0)')).toBe(21);
    expect(contrastRatio('#000000', 'rgba(0, 0, 0, 0)', '#000000')).toBe(1);
    expect(contrastRatio('#ffffff', 'rgba(255, 255, 255, 0.5)', '#000000')).toBe(
      contrastRatio('#ffffff', '#808080'),
    );
  });

  it('treats an unparsable colour as black', () => {
    expect(contrastRatio('garbage', '#ffffff')).toBe(21);
  });
});
