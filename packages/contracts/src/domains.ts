import { z } from 'zod';
import { endpoint, idParam, okResponseSchema } from './endpoint';

export const MAX_DOMAIN_PARTS = 3;

/** Spec section 5: letters, digits, hyphen and dot; at most 3 dot-separated parts; no http(s)://. */
export const domainHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Please enter a domain.')
  .max(253)
  .refine((host) => !/^https?:/.test(host), 'Enter the domain without http:// or https://.')
  .refine((host) => /^[a-z0-9.-]+$/.test(host), 'Use only letters, digits, hyphens and dots.')
  .refine(
    (host) => host.split('.').length <= MAX_DOMAIN_PARTS,
    'A domain has at most 3 parts, such as quiz.example.com.',
  )
  .refine(
    (host) =>
      host.split('.').length >= 2 &&
      host.split('.').every((part) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(part)),
    'Enter a domain such as quiz.example.com.',
  );

export const domainSchema = z.object({ id: z.string(), host: z.string() });
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
/** Not in the spec's table; the Domain List's remove button needs it. Published quizzes on it are taken down. */
export const removeDomainEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/domain/:id',
  access: 'user',
  summary: 'Remove a custom domain; quizzes published on it are taken down',
  params: z.object({ id: idParam }),
  response: okResponseSchema,
});

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
