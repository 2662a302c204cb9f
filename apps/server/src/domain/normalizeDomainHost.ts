/** A host as the domains table stores it: lower case, without the trailing dot of a fully qualified name. */
export function normalizeDomainHost(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}
