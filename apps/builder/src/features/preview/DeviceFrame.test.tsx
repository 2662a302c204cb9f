import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeviceFrame } from './DeviceFrame';

describe('DeviceFrame', () => {
  it('marks its edge while focus is inside the framed page', () => {
    const { container } = render(<DeviceFrame device="phone" title="Preview" sandbox="allow-scripts" />);
    const box = container.querySelector('.device-frame');
    const frame = container.querySelector('iframe');
    if (!box || !frame) throw new Error('no frame drawn');
    expect(box.classList.contains('device-frame--focused')).toBe(false);
    act(() => frame.focus());
    expect(box.classList.contains('device-frame--focused')).toBe(true);
    const elsewhere = document.body.appendChild(document.createElement('button'));
    act(() => elsewhere.focus());
    expect(box.classList.contains('device-frame--focused')).toBe(false);
    elsewhere.remove();
  });
});
