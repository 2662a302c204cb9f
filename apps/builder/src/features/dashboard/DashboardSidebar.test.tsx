import type { Me } from '@quizbeam/contracts/auth';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountHolder } from '../../test/fakeServer';
import { DashboardSidebar } from './DashboardSidebar';

function renderSidebar(me: Me) {
  render(
    <MemoryRouter initialEntries={['/domains']}>
      <DashboardSidebar me={me} />
    </MemoryRouter>,
  );
  const navigation = screen.getByRole('navigation', { name: 'Main' });
  return within(navigation)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('DashboardSidebar', () => {
  it('shows every link, in order, to an admin with full permissions', () => {
    const labels = renderSidebar(accountHolder({ commercialFeatures: true }, true));
    expect(labels).toEqual([
      'Admin',
      'Leads Challenge',
      'My Quizzes',
      'Domains',
      'Zapier',
      'Integrations',
      'HTML Forms',
      'Scripts',
      'Templates',
      'Account',
      'Logout',
      'Help',
    ]);
  });

  it('hides Leads Challenge, Zapier, admin links and Account from a limited account', () => {
    const labels = renderSidebar(accountHolder({ isLimited: true }));
    expect(labels).toEqual([
      'My Quizzes',
      'Domains',
      'Integrations',
      'HTML Forms',
      'Scripts',
      'Logout',
      'Help',
    ]);
  });

  it('shows Account only with commercial features', () => {
    expect(renderSidebar(accountHolder({ commercialFeatures: true }))).toContain('Account');
  });

  it('sends Admin to a server page, Logout as a posted form, and Help to a new tab', () => {
    renderSidebar(accountHolder({}, true));
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull();
    const logout = screen.getByRole('button', { name: 'Logout' }).closest('form');
    expect(logout?.getAttribute('method')).toBe('post');
    expect(logout?.getAttribute('action')).toBe('/logout');
    const help = screen.getByRole('link', { name: 'Help' });
    expect(help.getAttribute('href')).toBe('https://quizbeam.app/help');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
  });

  it('shows the account initial and name, and highlights the current page', () => {
    renderSidebar(accountHolder());
    expect(screen.getByText('A')).toBeTruthy();
    expect(screen.getByText('ada lovelace')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Domains' }).className).toContain('active');
    expect(screen.getByRole('link', { name: 'My Quizzes' }).className).not.toContain('active');
  });
});
