import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SortableList } from './SortableList';

interface Thing {
  id: number;
  name: string;
}

const things: Thing[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta' },
  { id: 3, name: 'Gamma' },
];

/** Renders the list the way editor screens do: new callbacks on every render of the parent. */
function renderList(items: Thing[], rendered: number[], selectedId = 0) {
  return (
    <SortableList
      label="Things"
      items={items}
      onMove={() => {}}
      rowSignature={(item) => String(item.id === selectedId)}
      renderItem={(item, handle) => {
        rendered.push(item.id);
        return (
          <span>
            {handle}
            {item.name}
            {item.id === selectedId ? ' (selected)' : ''}
          </span>
        );
      }}
    />
  );
}

describe('SortableList', () => {
  it('renders each item with a drag handle and move buttons', () => {
    render(renderList(things, []));
    const rows = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['⠿▲▼Alpha', '⠿▲▼Beta', '⠿▲▼Gamma']);
    expect(screen.getByRole('button', { name: 'Move Item 2 up' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Drag to reorder' })).toHaveLength(3);
  });

  it('re-renders only the rows whose item or signature changed', () => {
    const rendered: number[] = [];
    const { rerender } = render(renderList(things, rendered));
    rendered.length = 0;

    rerender(renderList(things, rendered));
    expect(rendered).toEqual([]);

    const renamed = things.with(1, { id: 2, name: 'Beta 2' });
    rerender(renderList(renamed, rendered));
    expect(rendered).toEqual([2]);
    expect(screen.getByText('Beta 2')).toBeTruthy();

    rendered.length = 0;
    rerender(renderList(renamed, rendered, 3));
    expect(rendered).toEqual([3]);
    expect(screen.getByText('Gamma (selected)')).toBeTruthy();
  });
});
