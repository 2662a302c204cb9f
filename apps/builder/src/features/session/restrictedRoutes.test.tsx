import { meEndpoint } from '@quizbeam/contracts/auth';
import { getTemplateEndpoint, templateCategoriesEndpoint } from '@quizbeam/contracts/templates';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, routeFetch } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { sampleCategories, sampleTemplate } from '../../test/templates';
import { NOT_FOUND_TITLE } from '../errors/NotFoundPage';

const admin = accountHolder({}, true);
const commercial = accountHolder({ commercialFeatures: true });
const plain = accountHolder();

describe('routes for admins and commercial accounts', () => {
  it.each([
    ['/templates', 'Templates'],
    ['/templates/new', 'New Template'],
    ['/templates/template-1', 'Edit Template'],
    ['/templates/template-1/questions', 'Questions'],
  ])('%s is Not-found for an account holder who is not an admin', async (path, heading) => {
    routeFetch([on(meEndpoint, { ...commercial, isAdmin: false })]);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: heading })).toBeNull();
  });

  it.each([
    ['/templates', 'Templates'],
    ['/templates/new', 'New Template'],
    ['/templates/template-1', 'Edit Template'],
  ])('%s opens for an admin', async (path, heading) => {
    routeFetch([
      on(meEndpoint, admin),
      on(getTemplateEndpoint, sampleTemplate({ id: 'template-1' }), { id: 'template-1' }),
      on(templateCategoriesEndpoint, sampleCategories),
    ]);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('/account is Not-found without the commercial-features permission, even for an admin', async () => {
    routeFetch([on(meEndpoint, admin)]);
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Account' })).toBeNull();
  });

  it('/account opens for a commercial account', async () => {
    routeFetch([on(meEndpoint, commercial)]);
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeTruthy();
  });

  it.each(['/account', '/templates'])('%s is Not-found for a plain account', async (path) => {
    routeFetch([on(meEndpoint, plain)]);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
  });
});
