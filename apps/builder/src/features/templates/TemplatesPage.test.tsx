import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  getTemplateEndpoint,
  listTemplatesEndpoint,
  templateCategoriesEndpoint,
} from '@quizbeam/contracts/templates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, type FakeRoute, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { sampleCategories, sampleTemplate, templateSummary } from '../../test/templates';
import { EMPTY_STATE_TEXT } from '../../ui/EmptyState';
import { NOT_FOUND_TITLE } from '../errors/NotFoundPage';

const library = [
  templateSummary({ id: 't1', name: 'Dog Personality', categoryId: 'c1', questionCount: 1200 }),
  templateSummary({
    id: 't2',
    name: 'Skin Check',
    type: 'scored',
    categoryId: null,
    isExtra: true,
    isAvailableForNewQuizzes: false,
  }),
];

function serve(routes: FakeRoute[] = []) {
  return routeFetch([
    ...routes,
    on(meEndpoint, accountHolder({}, true)),
    on(listTemplatesEndpoint, library),
    on(templateCategoriesEndpoint, sampleCategories),
    on(getTemplateEndpoint, sampleTemplate({ id: 't2', name: 'Skin Check' }), { id: 't2' }),
  ]);
}

function rows() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('Templates', () => {
  it('lists every template with its facts, and searches by name', async () => {
    serve();
    renderApp('/templates');
    expect(await screen.findByRole('heading', { name: 'Templates' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Templates' });
    await waitFor(() => expect(rows()[0]?.[2]).toBe('Pets'));
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Type',
      'Category',
      'Questions',
      'Outcomes',
      'Premium',
      'Available',
      'Edit',
    ]);
    expect(rows()).toEqual([
      ['Dog Personality', 'General', 'Pets', '1,200', '2', 'No', 'Yes', 'Edit'],
      ['Skin Check', 'Scored', 'No category', '2', '2', 'Yes', 'No', 'Edit'],
    ]);
    const search = screen.getByRole('searchbox', { name: 'Search templates' }) as HTMLInputElement;
    expect(search.placeholder).toBe('Search');
    fireEvent.change(search, { target: { value: 'SKIN' } });
    expect(rows().map((row) => row[0])).toEqual(['Skin Check']);
    fireEvent.change(search, { target: { value: 'cats' } });
    expect(screen.queryByRole('table', { name: 'Templates' })).toBeNull();
    expect(screen.getByText(EMPTY_STATE_TEXT)).toBeTruthy();
  });

  it('shows the empty-state card when there is no template yet', async () => {
    serve([on(listTemplatesEndpoint, [])]);
    renderApp('/templates');
    expect(await screen.findByText(EMPTY_STATE_TEXT)).toBeTruthy();
  });

  it('opens a template in the editor, and New Template on its page', async () => {
    serve();
    const router = renderApp('/templates');
    fireEvent.click(await screen.findByRole('link', { name: 'Edit Skin Check' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates/t2'));
    expect(((await screen.findByLabelText('Template Name')) as HTMLInputElement).value).toBe('Skin Check');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('link', { name: 'New Template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates/new'));
  });

  it('is not there for an account that is not an admin', async () => {
    const fetchMock = routeFetch([on(meEndpoint, accountHolder()), on(listTemplatesEndpoint, library)]);
    renderApp('/templates');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(receivedCalls(fetchMock).map((call) => call.route)).not.toContain('GET /api/templates');
  });
});
