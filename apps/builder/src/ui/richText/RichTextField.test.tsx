import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextField } from './RichTextField';
import { LINK_ADDRESS_MESSAGE } from './richTextHtml';
import './jsdomLayout';

/** The field as a tab uses it: the value goes out on each change and comes back as the new value. */
function Described({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextField
      label="Description"
      value={value}
      onChange={(html) => {
        setValue(html);
        onChange(html);
      }}
    />
  );
}

async function renderField(initial: string) {
  const onChange = vi.fn();
  render(<Described initial={initial} onChange={onChange} />);
  // Until the editor's code has loaded, a read-only text area holds the place.
  const toolbar = within(await screen.findByRole('toolbar', { name: 'Formatting' }));
  return { onChange, editable: screen.getByRole('textbox', { name: 'Description' }), toolbar };
}

const selectAll = (editable: HTMLElement) => fireEvent.keyDown(editable, { key: 'a', ctrlKey: true });

describe('RichTextField', () => {
  it('is a multi-line text box named by its label, and loads an old plain-text value without changing it', async () => {
    const { onChange, editable } = await renderField('First line\nsecond line\n\nNew paragraph & more');
    expect(editable.getAttribute('aria-multiline')).toBe('true');
    expect(editable.getAttribute('contenteditable')).toBe('true');
    expect(editable.innerHTML).toBe('<p>First line<br>second line</p><p>New paragraph &amp; more</p>');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('makes the selection bold, italic and a list from the toolbar and the shortcuts, and hands out the HTML', async () => {
    const { onChange, editable, toolbar } = await renderField('<p>Pick a plan</p>');
    selectAll(editable);
    const bold = toolbar.getByRole('button', { name: 'Bold' });
    fireEvent.click(bold);
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>Pick a plan</strong></p>');
    expect(bold.getAttribute('aria-pressed')).toBe('true');

    fireEvent.keyDown(editable, { key: 'i', ctrlKey: true });
    expect(onChange).toHaveBeenLastCalledWith('<p><strong><em>Pick a plan</em></strong></p>');
    expect(toolbar.getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(toolbar.getByRole('button', { name: 'Bulleted List' }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<ul><li><p><strong><em>Pick a plan</em></strong></p></li></ul>',
    );
    fireEvent.click(toolbar.getByRole('button', { name: 'Numbered List' }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<ol><li><p><strong><em>Pick a plan</em></strong></p></li></ol>',
    );
    expect(toolbar.getByRole('button', { name: 'Bulleted List' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('links the selection to a web address that opens in a new tab, and refuses a script address', async () => {
    const { onChange, editable } = await renderField('<p>Our offer</p>');
    selectAll(editable);
    fireEvent.keyDown(editable, { key: 'k', ctrlKey: true });
    const address = screen.getByRole('textbox', { name: 'Link Address' });
    expect(document.activeElement).toBe(address);

    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(LINK_ADDRESS_MESSAGE);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(address, { target: { value: 'example.com/offer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/offer">Our offer</a></p>',
    );
    expect(screen.queryByRole('textbox', { name: 'Link Address' })).toBeNull();
  });

  it('keeps a loaded link only when its address is a web page or an email', async () => {
    const { editable } = await renderField(
      '<p><a href="javascript:alert(1)">Bad</a> <a href="mailto:hi@example.com" title="x">Mail</a></p>',
    );
    expect(editable.innerHTML).toBe(
      '<p>Bad <a target="_blank" rel="noopener noreferrer" href="mailto:hi@example.com">Mail</a></p>',
    );
  });

  it('keeps only the formatting the published page keeps from pasted HTML', async () => {
    const { onChange, editable } = await renderField('');
    const pasted =
      '<h1 style="color:red">Title</h1><script>alert(1)</script><p class="x">A <span style="font-size:40px">big</span> ' +
      '<b>deal</b> <img src="x" onerror="alert(1)"><a href="javascript:alert(1)">trap</a></p><ol start="3"><li>Third</li></ol>';
    fireEvent.paste(editable, {
      clipboardData: { getData: (type: string) => (type === 'text/html' ? pasted : 'plain') },
    });
    expect(onChange).toHaveBeenLastCalledWith(
      '<p>Title</p><p>A big <strong>deal</strong> trap</p><ol><li><p>Third</p></li></ol>',
    );
  });

  it('hands out an empty string when everything is deleted', async () => {
    const { onChange, editable } = await renderField('<p>Gone soon</p>');
    selectAll(editable);
    fireEvent.keyDown(editable, { key: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows a value changed from outside (an undo) without handing it back, and follows disabled', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<RichTextField label="Description" value="<p>One</p>" onChange={onChange} />);
    const toolbar = within(await screen.findByRole('toolbar', { name: 'Formatting' }));
    const editable = screen.getByRole('textbox', { name: 'Description' });
    rerender(<RichTextField label="Description" value="Two" onChange={onChange} disabled />);
    expect(editable.innerHTML).toBe('<p>Two</p>');
    expect(editable.getAttribute('contenteditable')).toBe('false');
    expect(editable.getAttribute('aria-disabled')).toBe('true');
    expect((toolbar.getByRole('button', { name: 'Bold' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });
});
