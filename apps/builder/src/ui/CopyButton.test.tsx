import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
}

describe('CopyButton', () => {
  it('writes the text to the clipboard and calls the success callback', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    const onCopied = vi.fn();
    const onCopyFailed = vi.fn();
    render(<CopyButton text="https://x.test/share/abc" onCopied={onCopied} onCopyFailed={onCopyFailed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(onCopied).toHaveBeenCalledOnce());
    expect(writeText).toHaveBeenCalledWith('https://x.test/share/abc');
    expect(onCopyFailed).not.toHaveBeenCalled();
  });

  it('calls the error callback when the clipboard refuses', async () => {
    stubClipboard(async () => {
      throw new Error('denied');
    });
    const onCopied = vi.fn();
    const onCopyFailed = vi.fn();
    render(<CopyButton text="code" label="Copy Code" onCopied={onCopied} onCopyFailed={onCopyFailed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Code' }));
    await waitFor(() => expect(onCopyFailed).toHaveBeenCalledOnce());
    expect(onCopied).not.toHaveBeenCalled();
  });
});
