import { type DnsRecord, dnsRecordsText } from '@quizbeam/contracts/domains';

export const DOMAIN_INPUT_HINT =
  'Enter the domain without http:// or https://, for example quiz.example.com.';
/** After a pasted (or typed) web address was cut down to its domain. */
export const URL_REDUCED_NOTE = 'Only the domain of that web address is kept.';
export const ADD_FAILED_TITLE = "That didn't work";
export const DOMAIN_TAKEN_TITLE = 'Domain Already Added';
export const DOMAIN_REMOVED_TEXT = 'Delete complete.';
const DNS_DELAY_TEXT = 'DNS changes can take 10-20 minutes to take effect, sometimes up to 24 hours.';

/** The Domains screen's instruction: the records this server's configuration needs (a CNAME, or A/AAAA records). */
export const dnsInstructionText = (records: DnsRecord[]) =>
  `Before adding a domain, go to your domain registrar and add ${dnsRecordsText(records, 'it')}. ${DNS_DELAY_TEXT}`;

/** Before the records are known (still loading, or the load failed). */
export const DNS_INSTRUCTION_PENDING_TEXT = `Before adding a domain, point it at us at your domain registrar. ${DNS_DELAY_TEXT}`;

export const notPointingText = (host: string, records: DnsRecord[] | undefined) =>
  `We could not confirm that ${host} points at us. Configure the domain at your domain registrar first: ` +
  `${records && records.length > 0 ? `add ${dnsRecordsText(records, host)}` : 'add the records described on this page'}. ` +
  'DNS changes can take 10-20 minutes to take effect, and sometimes up to 24 hours, so please try again later.';

export const domainTakenText = (host: string) => `${host} is already added to another account.`;

export const removeDomainText = (host: string) =>
  `Quizzes published on ${host} will be taken down, and visitors will no longer reach them there. ` +
  'You can publish them again on another domain.';
