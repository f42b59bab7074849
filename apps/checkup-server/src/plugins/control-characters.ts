import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, holdsControlCharacter } from '@checkup/api-contract';

/**
 * Issue 17 §2: a control character in any field, query or form, is refused with a 400 before any
 * schema or handler sees it. Registered after the integrity plugin, so decrypted fields are checked
 * as what they are; single-line fields refuse tab and line breaks too, in the contract's field schemas.
 */
export const controlCharactersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsControlCharacter(request.query) || holdsControlCharacter(request.body)) {
      return done(new AppError('CONTROL_CHARACTER'));
    }
    done();
  });
});
