import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secretBox';

describe('secret box', () => {
  it('opens what it sealed, never storing the plain text, and refuses another key or a changed box', () => {
    const box = createSecretBox('server-secret-of-at-least-32-characters');
    const sealed = box.seal('whsec_plain');
    expect(sealed).not.toContain('whsec_plain');
    expect(box.seal('whsec_plain')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('whsec_plain');
    expect(() => createSecretBox('another-server-secret-of-32-characters').open(sealed)).toThrow();
    const [version, iv, tag, body = ''] = sealed.split('.');
    // The first character: all six of its bits are the body's (a last character's low bits may be padding).
    const changed = `${version}.${iv}.${tag}.${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => box.open(changed)).toThrow();
  });

  it('opens what was sealed under a legacy secret, and seals under the current key only', () => {
    const legacy = createSecretBox('the-old-session-secret-of-32-characters');
    const box = createSecretBox('the-new-encryption-key-of-32-characters', [
      'the-old-session-secret-of-32-characters',
    ]);
    expect(box.open(legacy.seal('whsec_old'))).toBe('whsec_old');
    expect(() => legacy.open(box.seal('fresh'))).toThrow();
  });
});
