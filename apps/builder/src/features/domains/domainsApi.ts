import { addDomainEndpoint, listDomainsEndpoint, removeDomainPath } from '@quizbeam/contracts/domains';
import { z } from 'zod';
import { api, callEndpoint } from '../../api/apiClient';

const removedSchema = z.object({ ok: z.literal(true) });

export const listDomains = () => callEndpoint(listDomainsEndpoint);

export const addDomain = (host: string) => callEndpoint(addDomainEndpoint, { host });

export const removeDomain = (domainId: string) => api.del(removeDomainPath(domainId), removedSchema);
