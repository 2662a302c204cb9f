import { domainToASCII, domainToUnicode } from 'node:url';

/** Any character outside ASCII: an internationalised domain, written as people type it. */
const NON_ASCII = /\P{ASCII}/u;

/**
 * A host as the domains table stores it: lower case, without the trailing dot of a fully qualified name, and
 * an internationalised domain by its ASCII (punycode) name, the one browsers send in Host and TLS sends as
 * the server name. An ASCII name is kept as it is (IDNA processing would read "1.2.3" as an address).
 * Empty when IDNA refuses the name, so it matches no stored domain.
 */
export function normalizeDomainHost(value: string): string {
  const name = value.trim().toLowerCase().replace(/\.$/, '');
  return NON_ASCII.test(name) ? domainToASCII(name) : name;
}

/** A stored host as people write it: the Unicode form of an internationalised domain's ASCII name. */
export function displayDomainHost(host: string): string {
  return domainToUnicode(host) || host;
}
