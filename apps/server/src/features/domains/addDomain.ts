import {
  type DnsRecord,
  DOMAIN_FORMAT_ERROR,
  type Domain,
  dnsRecordsText,
} from '@quizbeam/contracts/domains';
import type { Database } from '@quizbeam/db/database';
import { domains } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../shared/appError';
import type { SiteChangeAnnouncer } from '../../shared/siteChangeAnnouncer';
import { assertWithinUsageLimit } from '../accounts/usageLimits/assertWithinUsageLimit';
import { checkDomainDns, type DomainDnsSettings } from './checkDomainDns';
import { displayDomainHost, normalizeDomainHost } from './normalizeDomainHost';

export interface AddDomainSettings extends DomainDnsSettings {
  /** Hosts of Quizbeam itself (APP_URL's and PUBLISH_URL's): never an account's custom domain. */
  ownHostnames: readonly string[];
  /** The records that point a domain at the publish host, for the refusal's instructions. */
  dnsRecords: DnsRecord[];
}

export interface AddDomainDeps {
  db: Database;
  siteChanges: SiteChangeAnnouncer;
  settings: AddDomainSettings;
}

export const DOMAIN_TAKEN_TEXT = 'This domain is already added to another account.';

export function domainNotPointingText(host: string, records: DnsRecord[]): string {
  return (
    `${host} does not point at Quizbeam yet. At your domain registrar, add ${dnsRecordsText(records, host)}, ` +
    'then try again. DNS changes can take 10-20 minutes to show, sometimes up to 24 hours.'
  );
}

async function domainWithHost(db: Database, host: string) {
  const [row] = await db.select().from(domains).where(eq(domains.host, host));
  return row ?? null;
}

function ownedOrTaken(row: { id: string; host: string; accountId: string }, accountId: string): Domain {
  if (row.accountId !== accountId) throw new AppError('conflict', DOMAIN_TAKEN_TEXT);
  return domainOf(row);
}

/** A stored domain as the API answers it: its ASCII name, and that name as people write it. */
export function domainOf(row: { id: string; host: string }): Domain {
  return { id: row.id, host: row.host, displayHost: displayDomainHost(row.host) };
}

/**
 * Adds a custom domain (already validated and lower-cased by domainHostSchema) once its DNS points at the
 * publish host. An internationalised domain is looked up and stored by its ASCII (punycode) name, the one
 * a browser's Host and a TLS handshake carry. Adding one the account already has answers with it; another
 * account's is a conflict. A new one counts against the account's custom domains limit (403
 * `quota_exceeded` at it): checked before the DNS look-up, so a full account hears it at once, and again
 * with the insert, which it holds to. The published sites then serve the domain at once (announced also
 * when the account had it already, which only brings the routing in line).
 */
export async function addDomain(deps: AddDomainDeps, accountId: string, typedHost: string): Promise<Domain> {
  const domain = await storeDomain(deps.db, deps.settings, accountId, typedHost);
  await deps.siteChanges.announce({ kind: 'domainAdded', host: domain.host });
  return domain;
}

async function storeDomain(
  db: Database,
  settings: AddDomainSettings,
  accountId: string,
  typedHost: string,
): Promise<Domain> {
  const host = normalizeDomainHost(typedHost);
  if (host === '') throw new AppError('validation_failed', DOMAIN_FORMAT_ERROR);
  const shownHost = displayDomainHost(host);
  if (settings.ownHostnames.includes(host)) {
    throw new AppError(
      'validation_failed',
      `${shownHost} is Quizbeam's own address; enter a domain of yours.`,
    );
  }
  const existing = await domainWithHost(db, host);
  if (existing) return ownedOrTaken(existing, accountId);
  await db.transaction((tx) => assertWithinUsageLimit(tx, accountId, 'customDomains'));

  if (!(await checkDomainDns(host, settings))) {
    throw new AppError('domain_not_pointing', domainNotPointingText(shownHost, settings.dnsRecords));
  }

  const [inserted] = await db.transaction(async (tx) => {
    await assertWithinUsageLimit(tx, accountId, 'customDomains');
    return tx
      .insert(domains)
      .values({ id: crypto.randomUUID(), accountId, host })
      .onConflictDoNothing({ target: domains.host })
      .returning({ id: domains.id, host: domains.host });
  });
  if (inserted) return domainOf(inserted);
  // Someone added the same host while we checked its DNS.
  const winner = await domainWithHost(db, host);
  if (!winner) throw new AppError('conflict', DOMAIN_TAKEN_TEXT);
  return ownedOrTaken(winner, accountId);
}
