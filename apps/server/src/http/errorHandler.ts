import type { ErrorBody } from '@quizbeam/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../shared/appError';
import { httpStatusOf } from './httpStatus';

export const REQUEST_TOO_LARGE_TEXT = 'This is too large to send. Please make it smaller and try again.';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.message, code: error.code };
      return reply
        .status(httpStatusOf(error.code))
        .headers(error.headers)
        .send({ ...error.details, ...body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => {
        const field = `${error.validationContext ?? 'body'}${issue.instancePath}`;
        return `${field}: ${issue.message}`;
      });
      const body: ErrorBody = { error: `Invalid request. ${details.join('; ')}`, code: 'validation_failed' };
      return reply.status(400).send(body);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const body: ErrorBody = { error: REQUEST_TOO_LARGE_TEXT, code: 'too_large' };
      return reply.status(413).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ErrorBody = { error: error.message, code: 'validation_failed' };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ErrorBody = { error: 'Something went wrong on our side.', code: 'internal' };
    return reply.status(500).send(body);
  });
}
