import type { Me } from '@quizbeam/contracts/auth';

/**
 * 'route' links navigate inside the app, 'page' links load a server page, 'post' items post a form to a
 * server page (a state change, such as Logout, is never a GET another site could trigger with an image),
 * 'external' opens a new tab.
 */
export type DashboardLink =
  | { kind: 'route'; label: string; to: string }
  | { kind: 'page'; label: string; path: string }
  | { kind: 'post'; label: string; path: string }
  | { kind: 'external'; label: string; href: string };

/** The dashboard sidebar's links in their order, minus what this account may not see. */
export function dashboardLinksFor(me: Me, helpUrl: string): DashboardLink[] {
  const { isLimited, commercialFeatures } = me.account.permissions;
  const candidates: Array<DashboardLink | false> = [
    me.isAdmin && { kind: 'page', label: 'Admin', path: '/admin' },
    !isLimited && { kind: 'route', label: 'Leads Challenge', to: '/leads-challenge' },
    { kind: 'route', label: 'My Quizzes', to: '/' },
    { kind: 'route', label: 'Domains', to: '/domains' },
    !isLimited && { kind: 'route', label: 'Zapier', to: '/zapier' },
    { kind: 'route', label: 'Integrations', to: '/integrations' },
    { kind: 'route', label: 'HTML Forms', to: '/html-forms' },
    { kind: 'route', label: 'Scripts', to: '/scripts' },
    me.isAdmin && { kind: 'route', label: 'Templates', to: '/templates' },
    commercialFeatures && { kind: 'route', label: 'Account', to: '/account' },
    { kind: 'post', label: 'Logout', path: '/logout' },
    { kind: 'external', label: 'Help', href: helpUrl },
  ];
  return candidates.filter((link): link is DashboardLink => link !== false);
}
