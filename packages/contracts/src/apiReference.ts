import { z } from 'zod';
import { endpoint } from './endpoint';

/** The OpenAPI 3 document of every declared endpoint, generated from the same schemas the server checks. */
export const openApiEndpoint = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  summary: 'This API reference, as an OpenAPI 3 document',
  response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
});

/** Where the rendered reference page lives (Swagger UI over the document above). */
export const API_REFERENCE_PATH = '/api/reference';
