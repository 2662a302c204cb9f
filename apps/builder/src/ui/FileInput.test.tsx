import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileInput } from './FileInput';

describe('FileInput', () => {
  it('hands over the chosen file', () => {
    const onChoose = vi.fn();
    render(<FileInput label="Background Image" fileName={null} onChoose={onChoose} onRemove={() => {}} />);
    expect(screen.getByText('No file chosen')).toBeTruthy();
    const file = new File(['x'], 'beach.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Background Image'), { target: { files: [file] } });
    expect(onChoose).toHaveBeenCalledWith(file);
  });

  it('shows the chosen file name with a delete action', () => {
    const onRemove = vi.fn();
    render(<FileInput label="Image" fileName="beach.png" onChoose={() => {}} onRemove={onRemove} />);
    expect(screen.getByText('beach.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove beach.png' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('accepts any type unless restricted', () => {
    const { rerender } = render(
      <FileInput label="Image" fileName={null} onChoose={() => {}} onRemove={() => {}} />,
    );
    expect(screen.getByLabelText('Image').getAttribute('accept')).toBeNull();
    rerender(
      <FileInput label="Image" fileName={null} accept="image/*" onChoose={() => {}} onRemove={() => {}} />,
    );
    expect(screen.getByLabelText('Image').getAttribute('accept')).toBe('image/*');
  });
});
