import { z } from 'zod';
import { endpoint } from './endpoint';

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
  body: z.object({ host: domainHostSchema }),
  response: domainSchema,
});
export const listDomainsEndpoint = endpoint({
  method: 'GET',
  path: '/api/domain',
  body: undefined,
  response: z.array(domainSchema),
});
/** Not in the spec's table; the Domain List's remove button needs it. Published quizzes on it are taken down. */
export const removeDomainPath = (domainId: string) => `/api/domain/${encodeURIComponent(domainId)}`;
