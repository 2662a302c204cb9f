import { z } from 'zod';
import { endpoint, idParam, okResponseSchema } from './endpoint';

export const MAX_DOMAIN_PARTS = 3;

export const DOMAIN_PARTS_ERROR = 'Use at most 3 parts, like quiz.example.com.';
export const DOMAIN_CHARACTERS_ERROR = 'Use only letters, digits and hyphens between the dots.';
export const DOMAIN_FORMAT_ERROR = 'Enter a domain such as quiz.example.com.';

/**
 * What the domain rules refuse in a (lower-case) domain, even one still being typed: characters other than
 * letters, digits, hyphens and dots, or more than 3 dot-separated parts. Null when neither. Letters are those
 * of any script (with their combining marks), so an internationalised domain can be typed as it reads.
 */
export function domainRuleError(host: string): string | null {
  if (!/^[\p{L}\p{M}0-9.-]*$/u.test(host)) return DOMAIN_CHARACTERS_ERROR;
  if (host.split('.').length > MAX_DOMAIN_PARTS) return DOMAIN_PARTS_ERROR;
  return null;
}

/** A label of a domain's ASCII name: letters, digits and inner hyphens, 63 characters at most. */
const ASCII_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const ASCII_HOST_MAX_LENGTH = 253;

/**
 * The ASCII (punycode) name of a domain the rules above allow, by the WHATWG URL parser's IDNA processing
 * (the browser's and Node's alike), or null when it makes no domain name. An ASCII name is kept as it is.
 */
function asciiDomainName(host: string): string | null {
  let ascii = host;
  if (/\P{ASCII}/u.test(host)) {
    try {
      ascii = new URL(`http://${host}`).hostname;
    } catch {
      return null;
    }
  }
  const labels = ascii.split('.');
  const typedLabels = host.split('.');
  const wellFormed =
    labels.length >= 2 &&
    labels.length === typedLabels.length &&
    ascii.length <= ASCII_HOST_MAX_LENGTH &&
    labels.every((label) => ASCII_LABEL.test(label)) &&
    // IDNA in URLs lets a hyphen start or end a label; a domain name may not.
    typedLabels.every((label) => !label.startsWith('-') && !label.endsWith('-'));
  return wellFormed ? ascii : null;
}

/**
 * A custom domain: letters, digits, hyphen and dot; at most 3 dot-separated parts; no http(s)://. The domain
 * stays as typed (in lower case); the server stores its ASCII name.
 */
export const domainHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { message: 'Please enter a domain.', abort: true })
  .max(253)
  .refine((host) => !/^https?:/.test(host), {
    message: 'Enter the domain without http:// or https://.',
    abort: true,
  })
  .superRefine((host, context) => {
    const error = domainRuleError(host);
    if (error) context.addIssue({ code: 'custom', message: error, continue: false });
  })
  .refine((host) => asciiDomainName(host) !== null, DOMAIN_FORMAT_ERROR);

export const domainSchema = z.object({
  id: z.string(),
  /** As stored and as quizzes name it: the ASCII (punycode) name of an internationalised domain. */
  host: z.string(),
  /** As people write it: an internationalised domain in its own letters (otherwise the same as `host`). */
  displayHost: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;

/** 400 when the domain's DNS does not point at us, 409 when another account has it. */
export const addDomainEndpoint = endpoint({
  method: 'POST',
  path: '/api/domain',
  access: 'user',
  summary: 'Add a custom domain (its DNS must already point at the publish host)',
  body: z.object({ host: domainHostSchema }),
  response: domainSchema,
});
export const listDomainsEndpoint = endpoint({
  method: 'GET',
  path: '/api/domain',
  access: 'user',
  summary: "The account's custom domains, by host",
  response: z.array(domainSchema),
});
/** The Domain List's remove button needs it. Published quizzes on it are taken down. */
export const removeDomainEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/domain/:id',
  access: 'user',
  summary: 'Remove a custom domain; quizzes published on it are taken down',
  params: z.object({ id: idParam }),
  response: okResponseSchema,
});

/** A record a custom domain needs at its registrar to point at the publish host. */
export const dnsRecordSchema = z.object({ type: z.enum(['CNAME', 'A', 'AAAA']), value: z.string() });
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

/**
 * The Domains screen's instructions need it. A CNAME to PUBLISH_URL's host name (when it is a name), and an A
 * or AAAA record for each publish address (PUBLISH_IPS, or PUBLISH_URL's own address when it is one).
 */
export const domainDnsRecordsEndpoint = endpoint({
  method: 'GET',
  path: '/api/domain/dns-records',
  access: 'user',
  summary: 'The DNS records that point a custom domain at the publish host',
  response: z.array(dnsRecordSchema),
});

const joinedWithAnd = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * What to add at the registrar for `name`, as the words after "add": "a CNAME record for quiz.example.com
 * with the value …", "an A record for it with the value …", or both as alternatives (a domain without a
 * subdomain, such as example.com, cannot have a CNAME record).
 */
export function dnsRecordsText(records: DnsRecord[], name: string): string {
  const cname = records.find((record) => record.type === 'CNAME');
  const addresses = records.filter((record) => record.type !== 'CNAME');
  const cnameText = cname ? `a CNAME record for ${name} with the value ${cname.value}` : '';
  const addressText = joinedWithAnd(
    addresses.map((record) => `an ${record.type} record for ${name} with the value ${record.value}`),
  );
  if (!cname) return addressText;
  if (addresses.length === 0) return cnameText;
  return `${cnameText}; or, for a domain without a subdomain such as example.com, ${addressText}`;
}

/**
 * Caddy's on-demand TLS asks whether it may get a certificate for a host: 200 for a stored custom domain,
 * 404 for anything else. Only callers on this machine reach it.
 */
export const tlsAskEndpoint = endpoint({
  method: 'GET',
  path: '/internal/tls-ask',
  access: 'internal',
  summary: 'May the reverse proxy get a certificate for this host?',
  query: z.object({ domain: z.string().max(253).optional() }),
  response: okResponseSchema,
});
