import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { pageUrl } from '../config/clientConfig';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { Notification } from '../ui/notifications/Notification';
import { AccountDetailView } from './accounts/AccountDetailView';
import { AccountsView } from './accounts/AccountsView';
import { BACK_TO_MY_QUIZZES_TEXT, CONSOLE_TITLE } from './adminTexts';
import { type AdminTab, type AdminView, tabOf, toView, viewOf } from './adminViews';
import { AuditLogView } from './audit/AuditLogView';
import { LeadsChallengeAdminView } from './leadsChallenge/LeadsChallengeAdminView';
import './AdminConsole.css';

const TABS: Array<{ tab: AdminTab; label: string; view: AdminView }> = [
  { tab: 'accounts', label: 'Accounts', view: { kind: 'accounts', search: '', page: 1 } },
  { tab: 'audit-log', label: 'Audit Log', view: { kind: 'audit-log', page: 1 } },
  { tab: 'leads-challenge', label: 'Leads Challenge', view: { kind: 'leads-challenge' } },
];

function CurrentView({ view }: { view: AdminView }) {
  switch (view.kind) {
    case 'accounts':
      // A new search (or Back to an old one) starts its box from the address.
      return <AccountsView key={view.search} search={view.search} page={view.page} />;
    case 'account':
      return <AccountDetailView key={view.accountId} accountId={view.accountId} />;
    case 'audit-log':
      return <AuditLogView page={view.page} />;
    case 'leads-challenge':
      return <LeadsChallengeAdminView />;
  }
}

/** The admin console ({base}/admin, its own bundle): a top bar with the tabs, notifications, the view. */
export function AdminConsole({ queryClient }: { queryClient: QueryClient }) {
  const [searchParams] = useSearchParams();
  const view = viewOf(searchParams);
  const currentTab = tabOf(view);
  return (
    <QueryClientProvider client={queryClient}>
      <div className="admin-console">
        <header className="admin-bar">
          <span className="admin-bar__title">{CONSOLE_TITLE}</span>
          <nav aria-label="Admin" className="admin-bar__tabs">
            {TABS.map(({ tab, label, view: tabView }) => (
              <Link
                key={tab}
                to={toView(tabView)}
                className={tab === currentTab ? 'admin-bar__tab admin-bar__tab--current' : 'admin-bar__tab'}
                aria-current={tab === currentTab ? 'page' : undefined}
              >
                {label}
              </Link>
            ))}
          </nav>
          <a className="admin-bar__back" href={pageUrl('/')}>
            {BACK_TO_MY_QUIZZES_TEXT}
          </a>
        </header>
        <Notification />
        <main className="admin-console__content">
          <CurrentView view={view} />
        </main>
      </div>
      <LoadingOverlay />
    </QueryClientProvider>
  );
}
