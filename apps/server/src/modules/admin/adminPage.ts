import { escapeHtml } from '@quizbeam/player/escapeHtml';
import type { AccountSummary } from '../../domain/listAccounts';
import { styleHash } from '../../security/securityHeaders';

const formatDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function permissionList(account: AccountSummary): string {
  const labels: [boolean, string][] = [
    [account.permissions.isLimited, 'Limited'],
    [account.permissions.commercialFeatures, 'Commercial'],
    [account.permissions.extraTemplates, 'Extra templates'],
    [account.permissions.proVersion, 'Pro'],
  ];
  const granted = labels.filter(([on]) => on).map(([, label]) => label);
  return granted.length ? granted.join(', ') : 'Standard';
}

const ADMIN_PAGE_CSS = `body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2937}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{background:#f3f4f6}code{font-size:.8rem}`;

/** The admin page's own policy: its one inline style, nothing else. */
export const ADMIN_PAGE_POLICY = `default-src 'none'; style-src ${styleHash(ADMIN_PAGE_CSS)}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

export function renderAdminPage(accounts: AccountSummary[], basePath: string): string {
  const rows = accounts
    .map(
      (account) => `<tr><td>${escapeHtml(account.name)}</td><td><code>${account.id}</code></td>
<td>${account.users
        .map(
          (user) =>
            `${escapeHtml(user.email)}${user.isAdmin ? ' (admin)' : ''}${user.hasPassword ? '' : ' (invited, no password yet)'}`,
        )
        .join('<br>')}</td>
<td>${permissionList(account)}</td><td>${formatDate.format(new Date(account.createdAt))}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Admin · Quizbeam</title><style>${ADMIN_PAGE_CSS}</style></head><body>
<p><a href="${escapeHtml(basePath)}/">&larr; Back to My Quizzes</a></p>
<h1>Accounts (${new Intl.NumberFormat('en-US').format(accounts.length)})</h1>
<p>Create accounts with <code>npm run cli -- account:create --email E --name N</code>.</p>
<table><thead><tr><th>Name</th><th>Account id</th><th>Users</th><th>Permissions</th><th>Created</th></tr></thead>
<tbody>${rows}</tbody></table></body></html>`;
}
