import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  createTemplateEndpoint,
  getTemplateEndpoint,
  TEMPLATE_NAME_REQUIRED_TEXT,
  templateCategoriesEndpoint,
  UNKNOWN_CATEGORY_MESSAGE,
} from '@quizbeam/contracts/templates';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountHolder,
  answerWith,
  type FakeRoute,
  on,
  receivedCalls,
  routeFetch,
} from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { sampleCategories, sampleTemplate } from '../../test/templates';

const created = sampleTemplate({ id: 't9', name: 'Skin Check', type: 'scored', categoryId: 'c2' });

function serve(routes: FakeRoute[] = []) {
  return routeFetch([
    ...routes,
    on(meEndpoint, accountHolder({}, true)),
    on(templateCategoriesEndpoint, sampleCategories),
    on(createTemplateEndpoint, answerWith(201, created)),
    on(getTemplateEndpoint, created, { id: 't9' }),
  ]);
}

describe('New Template', () => {
  it('keeps Create disabled, saying why, until a name is entered', async () => {
    serve();
    renderApp('/templates/new');
    const create = (await screen.findByRole('button', { name: 'Create' })) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(create.title).toBe(TEMPLATE_NAME_REQUIRED_TEXT);
    fireEvent.change(screen.getByLabelText('Template Name'), { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Template Name'), { target: { value: 'Skin' } });
    expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('creates the template with its type and category, then opens it in the editor', async () => {
    const fetchMock = serve();
    const router = renderApp('/templates/new');
    fireEvent.change(await screen.findByLabelText('Template Name'), { target: { value: ' Skin Check ' } });
    expect(screen.getByText('Answers carry points. Use Scored when some answers are correct.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Scored' }));
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(category.textContent).toContain('No category');
    fireEvent.click(category);
    fireEvent.click(await screen.findByRole('option', { name: 'Beauty' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates/t9'));
    // The editor's own Template Name field, once the New Template page has gone.
    await waitFor(() =>
      expect((screen.getByLabelText('Template Name') as HTMLInputElement).value).toBe('Skin Check'),
    );
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: 'POST /api/templates',
      body: { name: 'Skin Check', type: 'scored', category: 'c2' },
    });
  });

  it('creates a template without a category', async () => {
    const fetchMock = serve();
    renderApp('/templates/new');
    fireEvent.change(await screen.findByLabelText('Template Name'), { target: { value: 'Quiz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(receivedCalls(fetchMock)).toContainEqual({
        route: 'POST /api/templates',
        body: { name: 'Quiz', type: 'general', category: null },
      }),
    );
  });

  it("shows the server's message when it refuses the template", async () => {
    serve([
      on(
        createTemplateEndpoint,
        answerWith(400, { error: UNKNOWN_CATEGORY_MESSAGE, code: 'validation_failed' }),
      ),
    ]);
    const router = renderApp('/templates/new');
    fireEvent.change(await screen.findByLabelText('Template Name'), { target: { value: 'Quiz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UNKNOWN_CATEGORY_MESSAGE);
    expect(router.state.location.pathname).toBe('/templates/new');
  });
});
